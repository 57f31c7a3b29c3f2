import Foundation
import Logging

/// Every log line the pusher writes, with its metadata, for the tests that count what was told.
final class CollectedLog: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock`.
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    func add(_ line: String) { lock.withLock { collected.append(line) } }

    var logger: Logger {
        Logger(label: "test.remote-write") { _ in Handler(log: self) }
    }

    struct Handler: LogHandler {
        let log: CollectedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: " ")
            log.add("\(event.level) \(event.message) \(fields)")
        }
    }
}
