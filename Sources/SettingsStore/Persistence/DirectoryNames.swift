import Glibc

/// The names in one directory (without `.` and `..`), for the few places that look for files
/// by the shape of their names: left-over temporary files, copies kept aside.
enum DirectoryNames {
    /// nil when the directory cannot be opened (missing, not a directory, not readable).
    static func list(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
