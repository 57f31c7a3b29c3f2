import Glibc
import SettingsStore

/// Writes `report --output FILE`: atomically (a reader never sees half a report), never
/// through a link (a link at the path, to whatever file, is refused: the report replaces only
/// a regular file or nothing), never over a folder or a special file, and refused before
/// anything is written when the folder is missing or not writable (a read-only mount too).
enum ReportOutput {
    enum Refusal: Error, Equatable {
        case folderNotWritable(folder: String)
        case notOurs(path: String)
    }

    static func check(_ path: String) -> Refusal? {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, access(folder, W_OK) == 0 else {
            return .folderNotWritable(folder: folder)
        }
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { return .notOurs(path: path) }
        return nil
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        if let refusal = check(path) { throw refusal }
        try AtomicFile.write(bytes, to: path, followLinks: false, mode: 0o644)
    }
}
