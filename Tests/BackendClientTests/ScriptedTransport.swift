import Foundation
@testable import BackendClient
import SettingsStore

/// A transport that records every request and answers from a script, for properties that
/// need hundreds of cases without a network.
final class ScriptedTransport: HTTPTransport, Sendable {
    private let requests = SharedLock<[TransportRequest]>([])
    private let answer: @Sendable (TransportRequest, Int) async -> Result<TransportResponse, ClientError>

    /// `answer` gets the request and its 1-based number.
    init(answer: @escaping @Sendable (TransportRequest, Int) async -> Result<TransportResponse, ClientError>) {
        self.answer = answer
    }

    static func status(_ status: Int, body: String = "{}") -> Result<TransportResponse, ClientError> {
        .success(TransportResponse(status: status, body: Data(body.utf8), timings: CheckTimings(totalMs: 1)))
    }

    func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError> {
        let number = requests.withLock { list in
            list.append(request)
            return list.count
        }
        return await answer(request, number)
    }

    var recorded: [TransportRequest] { requests.withLock { $0 } }
    var count: Int { requests.withLock { $0.count } }
}

/// Wraps a transport and counts what goes through it (for the real libcurl engine).
final class CountingTransport: HTTPTransport, Sendable {
    let inner: any HTTPTransport
    private let counter = SharedLock(0)

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError> {
        counter.withLock { $0 += 1 }
        return await inner.perform(request)
    }

    var count: Int { counter.withLock { $0 } }
}

/// Records the delays a client asks to sleep, without sleeping.
final class SleepRecorder: Sendable {
    private let delays = SharedLock<[Double]>([])

    var sleep: @Sendable (Double) async throws -> Void {
        { [delays] seconds in delays.withLock { $0.append(seconds) } }
    }

    var recorded: [Double] { delays.withLock { $0 } }
}
