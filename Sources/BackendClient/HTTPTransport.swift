/// Sends one request and reports an answer (any status) or a transport failure. The libcurl
/// engine is the real one; tests substitute recording or failing ones.
///
/// Contract: when the calling task is cancelled, `perform` returns `.failure` with code
/// `cancelled` promptly and never a response.
public protocol HTTPTransport: Sendable {
    func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError>

    /// Several requests sent at once (the four checks of a server); the results in the order
    /// of the requests. The libcurl engine starts them in one pass, so none waits behind
    /// another's TLS set-up; the default sends each with `perform`, concurrently.
    func perform(together requests: [TransportRequest]) async -> [Result<TransportResponse, ClientError>]
}

extension HTTPTransport {
    public func perform(together requests: [TransportRequest]) async -> [Result<TransportResponse, ClientError>] {
        await concurrentlyInOrder(requests.count) { index in await perform(requests[index]) }
    }
}

/// `body(0)` … `body(count - 1)` as concurrent child tasks; their results in index order.
func concurrentlyInOrder<Value: Sendable>(_ count: Int,
                                          _ body: @escaping @Sendable (Int) async -> Value) async -> [Value] {
    let collected = await withTaskGroup(of: (Int, Value).self) { group in
        for index in 0..<count {
            group.addTask { (index, await body(index)) }
        }
        var collected: [Int: Value] = [:]
        for await (index, value) in group { collected[index] = value }
        return collected
    }
    return (0..<count).compactMap { collected[$0] }
}
