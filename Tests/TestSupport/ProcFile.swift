import Foundation

/// Reads a file of /proc whole. /proc's text files (locks, maps, status) report a size of 0 and
/// are produced a page at a time: Foundation's `String(contentsOfFile:)` and
/// `FileManager.contents(atPath:)` stop after the first 4095 bytes, which silently hid the lines
/// a test looked for once the machine held more locks than fit in a page.
public enum ProcFile {
    /// The bytes of `path`, read until end of file; nil when it cannot be opened (the process ended).
    public static func data(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.readToEnd() ?? Data()
    }

    /// The text of `path`, read until end of file; nil when it cannot be opened.
    public static func text(_ path: String) -> String? {
        data(path).map { String(decoding: $0, as: UTF8.self) }
    }
}
