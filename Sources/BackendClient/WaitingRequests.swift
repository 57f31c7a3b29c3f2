/// Requests the engine has not started yet, oldest first (the descriptor budget,
/// `TransferBudget`). Engine thread only.
struct WaitingRequests {
    typealias Entry = (TransportRequest, RequestHandle)

    private var entries: [Entry] = []
    private var head = 0
    /// Times a request was put back because the process ran out of descriptors.
    private var retries: [UInt64: Int] = [:]

    /// A request put back while nothing else runs could fail the same way forever: it gets
    /// this many more tries before its failure is delivered.
    static let retriesWithNothingRunning = 3

    var isEmpty: Bool { head == entries.count }

    mutating func append(_ new: [Entry]) {
        entries += new
    }

    mutating func next() -> Entry? {
        guard head < entries.count else { return nil }
        defer {
            head += 1
            // Drop the consumed front now and then rather than shifting on every start.
            if head > 1_024 && head * 2 > entries.count {
                entries.removeFirst(head)
                head = 0
            }
        }
        return entries[head]
    }

    /// Puts a request that found no descriptor back in front; false when it has been put back
    /// too often while nothing else ran (no descriptor will come back by waiting).
    mutating func retry(_ request: TransportRequest, _ handle: RequestHandle, othersRunning: Bool) -> Bool {
        if !othersRunning {
            let count = retries[handle.id, default: 0] + 1
            guard count <= Self.retriesWithNothingRunning else {
                retries.removeValue(forKey: handle.id)
                return false
            }
            retries[handle.id] = count
        }
        entries.insert((request, handle), at: head)
        return true
    }

    mutating func removeAll() -> [Entry] {
        defer { entries = []; head = 0; retries = [:] }
        return Array(entries[head...])
    }
}
