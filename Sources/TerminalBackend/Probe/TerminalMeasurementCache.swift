import Glibc

/// The last measurement of each TERM (SPEC §10.4: the first frame is laid out as this TERM
/// measured last time), one small file in the state folder: a line per TERM,
/// `TERM ambiguous=wide|narrow background=light|dark`, at most `limit` of them, the newest first.
/// Read and written without following a link; written whole to a new file that is then renamed
/// over the old one, so a reader sees the old list or the new one. Anything odd in it (a link, a
/// special file, a line it cannot read) counts as nothing remembered: the app starts narrow.
public struct TerminalMeasurementCache: Sendable {
    public struct Entry: Equatable, Sendable {
        public var ambiguousWide: Bool?
        public var background: TerminalBackground?

        public init(ambiguousWide: Bool?, background: TerminalBackground?) {
            self.ambiguousWide = ambiguousWide
            self.background = background
        }
    }

    public static let fileName = "terminal-measurements"
    static let limit = 16
    static let maximumBytes = 4096

    public let path: String
    private let directory: String

    public init(stateDirectory: String) {
        directory = stateDirectory
        path = stateDirectory + "/" + Self.fileName
    }

    public func entry(term: String) -> Entry? {
        guard Self.isPlainName(term) else { return nil }
        return Self.parse(read()).first { $0.term == term }?.entry
    }

    /// Keeps `entry` for `term` (nothing when the entry says nothing or is already kept).
    public func remember(_ entry: Entry, term: String) {
        guard Self.isPlainName(term), entry.ambiguousWide != nil || entry.background != nil else { return }
        var entries = Self.parse(read())
        if entries.first(where: { $0.term == term })?.entry == entry { return }
        entries.removeAll { $0.term == term }
        entries.insert((term, entry), at: 0)
        write(Self.format(Array(entries.prefix(Self.limit))))
    }

    // MARK: - The file

    private func read() -> String {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.maximumBytes else {
            return ""
        }
        var buffer = [UInt8](repeating: 0, count: Self.maximumBytes)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
    }

    private func write(_ text: String) {
        // The state folder may not exist yet on a first start (history creates it too).
        var folder = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: false) {
            folder += (folder.isEmpty && part.isEmpty) ? "/" : (folder.hasSuffix("/") || folder.isEmpty ? "" : "/") + part
            if !part.isEmpty { _ = mkdir(folder, 0o700) }
        }
        let temporary = path + ".new.\(getpid())"
        _ = unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        // rename replaces a link at `path` itself rather than writing through it.
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            _ = unlink(temporary)
            return
        }
    }

    // MARK: - The format

    static func parse(_ text: String) -> [(term: String, entry: Entry)] {
        var entries: [(term: String, entry: Entry)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let term = fields.first.map(String.init), isPlainName(term),
                  !entries.contains(where: { $0.term == term }) else { continue }
            var entry = Entry(ambiguousWide: nil, background: nil)
            for field in fields.dropFirst() {
                switch field {
                case "ambiguous=wide": entry.ambiguousWide = true
                case "ambiguous=narrow": entry.ambiguousWide = false
                case "background=light": entry.background = .light
                case "background=dark": entry.background = .dark
                default: break
                }
            }
            entries.append((term, entry))
        }
        return entries
    }

    static func format(_ entries: [(term: String, entry: Entry)]) -> String {
        entries.map { term, entry in
            var fields = [term]
            if let wide = entry.ambiguousWide { fields.append("ambiguous=" + (wide ? "wide" : "narrow")) }
            if let background = entry.background { fields.append("background=" + background.rawValue) }
            return fields.joined(separator: " ") + "\n"
        }.joined()
    }

    /// A terminfo name as `TERM` spells it: letters, digits and `.-+_`, short. Anything else is
    /// neither looked up nor written.
    static func isPlainName(_ term: String) -> Bool {
        !term.isEmpty && term.utf8.count <= 64 && term.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "_")
        }
    }
}
