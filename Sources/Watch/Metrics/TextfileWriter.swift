import SettingsStore

/// Writes the monitor's textfile for node_exporter (atomic, mode 0644: node_exporter reads it
/// as its own user). `--textfile` names any path, and the monitor may run as root, so it only
/// ever replaces what it wrote itself: a missing file, or a regular file holding an earlier
/// OpenMetrics document. A link, or a file with anything else in it, is left as it is.
public enum TextfileWriter {
    public enum Refusal: Error, Equatable, Sendable {
        /// The path holds something that is not an earlier textfile (or is not a regular file).
        case notATextfile(path: String)
    }

    public static func write(_ text: String, to path: String) throws {
        let existing: RegularFile.Contents?
        do {
            existing = try RegularFile.read(path, limit: 16 << 20, followLinks: false)
        } catch {
            throw Refusal.notATextfile(path: path)
        }
        if let existing, !isTextfile(existing.bytes) { throw Refusal.notATextfile(path: path) }
        try AtomicFile.write(Array(text.utf8), to: path, followLinks: false, mode: 0o644)
    }

    /// An OpenMetrics document as `OpenMetricsReport` writes it: `# TYPE`/`# HELP` first (or
    /// nothing but the end marker), `# EOF` last.
    static func isTextfile(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return (text.hasPrefix("# TYPE ") || text.hasPrefix("# HELP ") || text.hasPrefix("# EOF"))
            && text.hasSuffix("# EOF\n")
    }
}
