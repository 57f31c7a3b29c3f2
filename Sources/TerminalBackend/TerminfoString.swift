import CNcursesw

/// Reads a string capability from the current terminal's terminfo entry.
enum TerminfoString {
    /// nil when the terminal lacks the capability (tigetstr returns NULL or (char *)-1).
    static func lookup(_ name: String) -> [UInt8]? {
        guard let p = tigetstr(name), Int(bitPattern: p) != -1 else { return nil }
        return Array(String(cString: p).utf8)
    }
}
