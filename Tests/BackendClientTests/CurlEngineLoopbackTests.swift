import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient
#if canImport(Glibc)
import Glibc
#endif

/// The real libcurl engine against loopback sockets that misbehave.
@Suite struct CurlEngineLoopbackTests {
    static func settings(timeoutMs: Int = 5_000) -> TransportSettings {
        TransportSettings(connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs,
                          connectTo: [try! ConnectToSpec(parsing: "::127.0.0.1:")])
    }

    @Test func refusedConnectionIsConnectAndRetriedExactlyRetriesPlusOneTimes() async {
        let port = LoopbackSocket.refusedPort()
        await propertyCheck(count: 100, input: Gen<HTTPMethod>.case, Gen.int(in: 0...3)) { method, retries in
            let counting = CountingTransport(CurlEngine.shared)
            let client = APIClient(baseURL: "https://refused.example:\(port)/api", settings: Self.settings(),
                                   retryPolicy: RetryPolicy(maxRetries: retries, initialDelay: 0.0005, multiplier: 2, maxDelay: 0.002),
                                   transport: counting)!
            do throws(ClientError) {
                _ = try await client.send(APIRequest(method: method, path: "/health"))
                Issue.record("refused port answered")
            } catch {
                #expect(error.code == .connect)
                #expect(error.kind == .network)
            }
            #expect(counting.count == (method.isIdempotent ? retries + 1 : 1))
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async {
        let (fd, port) = LoopbackSocket.listenWithoutAccepting()
        defer { close(fd) }
        let request = TransportRequest(method: .get, url: "https://hang.example:\(port)/health",
                                       settings: Self.settings(timeoutMs: 300))
        let result = await CurlEngine.shared.perform(request)
        guard case .failure(let error) = result else {
            Issue.record("a hanging server answered")
            return
        }
        #expect(error.code == .timeout)
        #expect(error.isRetryable)
    }

    /// The mDNS allowance is for name resolution only: a `.local` name resolved at once (here
    /// through connect-to) in front of a server that never answers fails at the plain timeout.
    /// The second request finds the address in libcurl's DNS cache.
    @Test func aHangingServerAtALocalNameGetsNoResolutionAllowance() async {
        let (fd, port) = LoopbackSocket.listenWithoutAccepting()
        defer { close(fd) }
        var settings = Self.settings(timeoutMs: 1_000)
        settings.mdnsAllowanceMs = 30_000
        let request = TransportRequest(method: .get, url: "https://hang.local:\(port)/health", settings: settings)
        #expect(request.totalTimeoutMs == 31_000 && request.resolutionAllowanceMs == 30_000)
        for attempt in ["first", "from the DNS cache"] {
            let result = await CurlEngine.shared.perform(request)
            guard case .failure(let error) = result else {
                Issue.record("a hanging server answered")
                return
            }
            #expect(error.code == .timeout, "\(attempt): \(error)")
            // The time the engine thread saw, from the message ("Operation timed out after N
            // milliseconds", libcurl's words and ours alike): a starved test thread may resume
            // long after the transfer ended. About 1,000; with the allowance it would be 31,000.
            let elapsedMs = Self.timedOutAfterMilliseconds(error.message)
            #expect(elapsedMs.map { $0 >= 900 && $0 < 20_000 } == true, "\(attempt): \(error.message)")
        }
    }

    private static func timedOutAfterMilliseconds(_ message: String) -> Int? {
        guard let range = message.range(of: "timed out after ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func aCancelledRequestNeverDeliversAResult() async {
        let (fd, port) = LoopbackSocket.listenWithoutAccepting()
        defer { close(fd) }
        let request = TransportRequest(method: .get, url: "https://hang.example:\(port)/health",
                                       settings: Self.settings(timeoutMs: 20_000))
        await propertyCheck(count: 100, input: Gen.int(in: 0...3_000), Gen.bool) { delayMicroseconds, viaClient in
            let task = Task { () -> Result<TransportResponse, ClientError> in
                if viaClient {
                    let client = APIClient(baseURL: "https://hang.example:\(port)/api", settings: Self.settings(timeoutMs: 20_000))!
                    do throws(ClientError) {
                        let answer = try await client.get("/health")
                        return .success(TransportResponse(status: answer.status, body: answer.body, timings: answer.timings))
                    } catch {
                        return .failure(error)
                    }
                }
                return await CurlEngine.shared.perform(request)
            }
            try? await Task.sleep(nanoseconds: UInt64(delayMicroseconds) * 1_000)  // the cancel's moment: the property's input
            task.cancel()
            let result = await task.value
            #expect(result == .failure(.cancelled))
        }
    }

    @Test func manyConcurrentRequestsAllComeBack() async {
        let port = LoopbackSocket.refusedPort()
        let settings = Self.settings()
        let codes = await withTaskGroup(of: ConnectivityErrorCode?.self) { group in
            for index in 0..<300 {
                group.addTask {
                    let request = TransportRequest(method: .get, url: "https://s\(index).example:\(port)/health",
                                                   settings: settings)
                    if case .failure(let error) = await CurlEngine.shared.perform(request) { return error.code }
                    return nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes == Array(repeating: .connect, count: 300))
    }

    /// `perform(together:)` hands the requests over at once; each result still belongs to its
    /// request: plain http is refused by the transport, https finds the port closed.
    @Test func aBatchAnswersInTheOrderOfItsRequests() async {
        let port = LoopbackSocket.refusedPort()
        await propertyCheck(count: 100, input: Gen.bool.array(of: 1...6)) { plain in
            let requests = plain.enumerated().map { index, isPlain in
                TransportRequest(method: .get, url: "\(isPlain ? "http" : "https")://b\(index).example:\(port)/health",
                                 settings: Self.settings())
            }
            let results = await CurlEngine.shared.perform(together: requests)
            let refusedAsProtocol = results.map { result -> Bool? in
                guard case .failure(let error) = result, error.code == .connect else { return nil }
                return error.message.lowercased().contains("protocol")
            }
            #expect(refusedAsProtocol == plain.map { $0 })
        }
    }

    @Test func aCancelledBatchNeverDeliversAResult() async {
        let (fd, port) = LoopbackSocket.listenWithoutAccepting()
        defer { close(fd) }
        await propertyCheck(count: 100, input: Gen.int(in: 1...5), Gen.int(in: 0...3_000)) { count, delayMicroseconds in
            let requests = (0..<count).map { index in
                TransportRequest(method: .get, url: "https://hang\(index).example:\(port)/health",
                                 settings: Self.settings(timeoutMs: 20_000))
            }
            let task = Task { await CurlEngine.shared.perform(together: requests) }
            try? await Task.sleep(nanoseconds: UInt64(delayMicroseconds) * 1_000)  // the cancel's moment: the property's input
            task.cancel()
            let results = await task.value
            #expect(results == Array(repeating: .failure(.cancelled), count: count))
        }
    }

    /// A batch sent to a stopped engine fails at once, every request of it, instead of waiting.
    @Test func aBatchOnAStoppedEngineFailsAtOnce() async {
        let port = LoopbackSocket.refusedPort()
        let engine = CurlEngine()
        let request = TransportRequest(method: .get, url: "https://stop.example:\(port)/health", settings: Self.settings())
        _ = await engine.perform(request)
        engine.shutdown()
        let results = await engine.perform(together: [request, request, request])
        #expect(results.count == 3)
        #expect(results.allSatisfy { result in
            if case .failure(let error) = result { return error.code == .connect }
            return false
        })
    }

    @Test func plainHTTPIsRefusedByTheTransport() async {
        let port = LoopbackSocket.refusedPort()
        let request = TransportRequest(method: .get, url: "http://plain.example:\(port)/health", settings: Self.settings())
        guard case .failure(let error) = await CurlEngine.shared.perform(request) else {
            Issue.record("http answered")
            return
        }
        #expect(error.code == .connect)
        #expect(error.message.lowercased().contains("protocol"))
    }
}
