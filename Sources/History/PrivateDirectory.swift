import Glibc

/// Creates the folder history lives in, and its missing parents, with mode 0700: probe results
/// say when a facility's network was down, which is nobody else's business on a shared box.
/// Missing parents are created 0700 too; the folder itself, when it exists already as a folder
/// of this user's that others may enter, is narrowed to 0700 (its parents are left as they are:
/// they may be shared on purpose, like `~/.local`).
enum PrivateDirectory {
    static let mode: mode_t = 0o700

    /// nil on success, else what failed.
    static func create(_ path: String) -> String? {
        if let problem = createParents(path) { return problem }
        HistoryFiles.narrowFolder(path, to: mode)
        return nil
    }

    private static func createParents(_ path: String) -> String? {
        guard !path.isEmpty, path != "/" else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "\(path) is not a folder"
        }
        if let problem = createParents(parent(of: path)) { return problem }
        if mkdir(path, mode) == 0 || errno == EEXIST { return nil }
        return "cannot create \(path): \(String(cString: strerror(errno)))"
    }

    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
