import Logging

/// A swift-log handler that writes one line per event to the log file in the state
/// directory (never the screen):
/// `2026-11-21T19:55:01.123Z info verbumcare.connectivity: message key=value …`.
/// Every piece of text goes through `TextSanitizer.clean` (no escape sequences or line
/// breaks from a server can reach the file) and `LogRedactor` (no tokens or passwords).
public struct FileLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    public var metadataProvider: Logger.MetadataProvider?

    public let label: String
    private let writer: LogFileWriter
    /// Stamps each line (the one clock: a test's virtual clock gives repeatable lines).
    private let clock: AppClock

    public init(label: String, writer: LogFileWriter, logLevel: Logger.Level = .info,
                metadataProvider: Logger.MetadataProvider? = nil, clock: AppClock = .system) {
        self.label = label
        self.writer = writer
        self.clock = clock
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }

    /// For `LoggingSystem.bootstrap`: every logger shares one writer for `path`.
    /// Detailed logging (docs/PRODUCT.md: Files) is `logLevel: .debug`.
    public static func factory(path: String, logLevel: Logger.Level = .info,
                               clock: AppClock = .system) -> @Sendable (String) -> any LogHandler {
        let writer = LogFileWriter(path: path)
        return { label in FileLogHandler(label: label, writer: writer, logLevel: logLevel, clock: clock) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        writer.append(line: Self.line(time: UTCTimestamp.iso8601(UTCTimestamp.parts(seconds: clock.now())), level: event.level, label: label,
                                      message: event.message.description, metadata: merged,
                                      error: event.error.map { "\($0)" }))
    }

    /// The text of one line (exposed for tests of the format and the redaction).
    public static func line(time: String, level: Logger.Level, label: String, message: String,
                            metadata: Logger.Metadata, error: String? = nil) -> String {
        var text = time + " " + level.rawValue + " " + safe(label) + ": " + safe(message)
        for key in metadata.keys.sorted() {
            guard let value = metadata[key] else { continue }
            text += " " + safe(key) + "=" + render(value, key: key)
        }
        if let error { text += " error=" + safe(error) }
        return text
    }

    private static func safe(_ text: String) -> String {
        LogRedactor.redact(TextSanitizer.clean(text))
    }

    private static func render(_ value: Logger.Metadata.Value, key: String) -> String {
        if LogRedactor.isSensitiveKey(key) { return LogRedactor.mask }
        switch value {
        case .string(let s): return quoted(safe(s))
        case .stringConvertible(let c): return quoted(safe(c.description))
        case .array(let items): return "[" + items.map { render($0, key: "") }.joined(separator: ", ") + "]"
        case .dictionary(let d):
            return "{" + d.keys.sorted().map { k in safe(k) + "=" + (d[k].map { render($0, key: k) } ?? "") }
                .joined(separator: ", ") + "}"
        }
    }

    /// Values with spaces or separators are quoted so a line splits unambiguously.
    private static func quoted(_ s: String) -> String {
        let needs = s.isEmpty || s.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "," }
        guard needs else { return s }
        var out = "\""
        for c in s {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
