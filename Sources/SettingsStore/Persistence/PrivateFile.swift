import Glibc

/// Keeps secret files private (docs/FILES-AND-SECRETS.md: Secrets): the credentials folder and
/// its files may be read or changed by their owner only. A file or folder that others could
/// read or change (0644, 0640, 0666, a folder 0755) is made private (0600, 0700) through the
/// descriptor the app opened, so the change lands on the file that was checked and never on a
/// file a link points at. One that cannot be made private (another user's, a chmod refused)
/// is refused: its content is not used.
public enum PrivateFile {
    /// Group and others bits: any of them set means someone else can read or change it.
    static let sharedBits: mode_t = 0o077

    /// What a read of a secret file found: its bytes (nil when refused) and what was said
    /// about its privacy (nil when it was private already).
    public struct Read: Equatable, Sendable {
        public var bytes: [UInt8]?
        public var finding: PrivacyFinding?
    }

    /// Checks the folder at `path` (links followed, but only a folder of the app's own user is
    /// ever changed) and makes it 0700 when it is shared. nil when it is private or missing.
    public static func checkFolder(_ path: String) -> PrivacyFinding? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            switch errno {
            case ENOENT: return nil
            case ENOTDIR: return PrivacyFinding(path: path, isFolder: true, outcome: .notRegular)
            default: return PrivacyFinding(path: path, isFolder: true, outcome: .unreadable(errno: errno))
            }
        }
        defer { close(fd) }
        return check(fd, path: path, isFolder: true, privateMode: AtomicFile.directoryMode)
    }

    /// Opens the secret file at `path` (never through a link), makes it 0600 when it is shared
    /// and it is the app's own user's, and reads at most `limit` + 1 bytes. nil when the file
    /// does not exist.
    public static func read(_ path: String, limit: Int) -> Read? {
        openChecked(path) { fd, finding in
            if let finding, finding.refusesUse { return Read(bytes: nil, finding: finding) }
            guard let bytes = try? RegularFile.readAll(fd, limit: limit, path: path) else {
                return Read(bytes: nil, finding: finding)
            }
            return Read(bytes: bytes, finding: finding)
        } refused: { Read(bytes: nil, finding: $0) }
    }

    /// Checks (and fixes) the secret file at `path` without reading it: for `doctor`. nil when
    /// it is private or missing.
    public static func checkFile(_ path: String) -> PrivacyFinding? {
        openChecked(path) { _, finding in finding } refused: { $0 } ?? nil
    }

    /// Opens the secret file (never through a link), checks and fixes it, and gives `body` the
    /// descriptor and the finding; a file that cannot be opened goes to `refused`. nil when the
    /// file does not exist.
    private static func openChecked<T>(_ path: String, _ body: (Int32, PrivacyFinding?) -> T,
                                       refused: (PrivacyFinding) -> T) -> T? {
        let opened: (fd: Int32, identity: FileIdentity)?
        do {
            opened = try RegularFile.open(path, flags: O_RDONLY, followLinks: false)
        } catch PersistenceError.io(_, _, let code) {
            return refused(PrivacyFinding(path: path, isFolder: false, outcome: .unreadable(errno: code)))
        } catch {
            return refused(PrivacyFinding(path: path, isFolder: false, outcome: .notRegular))
        }
        guard let (fd, _) = opened else { return nil }
        defer { close(fd) }
        return body(fd, check(fd, path: path, isFolder: false, privateMode: AtomicFile.fileMode))
    }

    /// The names in `folder` that end in `suffix` and do not start with a dot (the app's
    /// temporary files do), sorted.
    public static func names(in folder: String, suffix: String) -> [String] {
        (DirectoryNames.list(folder) ?? []).filter { !$0.hasPrefix(".") && $0.hasSuffix(suffix) }.sorted()
    }

    /// The state of the open file or folder `fd`, fixed when it is ours and shared.
    static func check(_ fd: Int32, path: String, isFolder: Bool, privateMode: mode_t) -> PrivacyFinding? {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return PrivacyFinding(path: path, isFolder: isFolder, outcome: .unfixable(mode: 0, errno: errno))
        }
        let mode = info.st_mode & 0o7777
        // Another user's file is refused even when its mode looks private: it may be swapped
        // in to feed the app someone else's tokens, and it is not the app's to change.
        guard info.st_uid == geteuid() else {
            return PrivacyFinding(path: path, isFolder: isFolder, outcome: .notOwned(uid: info.st_uid, mode: mode))
        }
        guard mode & sharedBits != 0 else { return nil }
        guard fchmod(fd, privateMode) == 0 else {
            return PrivacyFinding(path: path, isFolder: isFolder, outcome: .unfixable(mode: mode, errno: errno))
        }
        return PrivacyFinding(path: path, isFolder: isFolder, outcome: .fixed(from: mode, to: privateMode))
    }
}

/// What the app found about the privacy of a secret file or folder.
public struct PrivacyFinding: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Others could read or change it; it was made private.
        case fixed(from: mode_t, to: mode_t)
        /// It belongs to another user: not changed, and its content is not used.
        case notOwned(uid: uid_t, mode: mode_t)
        /// Others can read or change it and it could not be made private.
        case unfixable(mode: mode_t, errno: Int32)
        /// Not a regular file (a link, a FIFO, a folder) or, for a folder, not a folder.
        case notRegular
        /// It could not be opened (no permission for the app's own user, an I/O error).
        case unreadable(errno: Int32)
    }

    public var path: String
    public var isFolder: Bool
    public var outcome: Outcome

    public init(path: String, isFolder: Bool, outcome: Outcome) {
        self.path = path
        self.isFolder = isFolder
        self.outcome = outcome
    }

    /// Whether the secret must not be used.
    public var refusesUse: Bool {
        if case .fixed = outcome { return false }
        return true
    }

    /// `0644`-style text of a mode.
    public static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// For the person, as a catalog key with parameters (`path` sanitized, never shortened).
    public var problem: FileProblem {
        let shown = TextSanitizer.clean(path)
        switch outcome {
        case let .fixed(from, to):
            return FileProblem(key: "files.credentials_fixed",
                               parameters: ["path": shown, "mode": Self.octal(from), "fixed": Self.octal(to)])
        case let .notOwned(uid, _):
            return FileProblem(key: "files.credentials_not_owned", parameters: ["path": shown, "uid": String(uid)])
        case let .unfixable(mode, code):
            let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return FileProblem(key: "files.credentials_unfixable",
                               parameters: ["path": shown, "mode": Self.octal(mode), "reason": TextSanitizer.clean(reason)])
        case .notRegular:
            return FileProblem(key: "files.credentials_not_regular", parameters: ["path": shown])
        case .unreadable(let code):
            let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return FileProblem(key: "files.credentials_unreadable", parameters: ["path": shown, "reason": TextSanitizer.clean(reason)])
        }
    }
}
