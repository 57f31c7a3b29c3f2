import Glibc

/// The names in one directory (without `.` and `..`): the one place the app reads a directory,
/// for hook folders, credential files, left-over temporary files and copies kept aside.
public enum DirectoryNames {
    /// nil when the directory cannot be opened (missing, not a directory, not readable).
    /// In the order the system gives them.
    public static func list(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = name(of: entry)
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The name of one entry, read where it lies up to its terminating NUL.
    ///
    /// `d_name` is declared as 256 bytes, but the kernel writes a record only as long as its
    /// name (`d_reclen`): reading the field as a Swift value (`entry.pointee.d_name`) copies all
    /// 256 bytes and runs past the record, past the end of the directory buffer when the entry is
    /// its last, and faults when no page follows. That crashed the test process in CI.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
            String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
        }
    }
}
