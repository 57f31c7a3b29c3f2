import CPlatform
import Foundation
import Glibc

/// A careful person saving a JSON file by hand while programs rewrite it: reads the file, adds a
/// marker key and saves, starting over when the file changed since it read it, like vim.
/// - A rename save writes a new file and exchanges the names, then compares the displaced file
///   with what it read (giving the names back and starting over when they differ).
/// - An in-place save (nano's style, with vim's care) compares what its descriptor holds, then
///   truncates and writes. It is never redone: whether the file it wrote still had the name is
///   reported instead, as a person would not notice.
/// Shared by the load test's editor thread and the interleaving tests of the file code.
public enum CarefulEditor {
    /// One save's outcome: whether it was made, and for an in-place save whose file no longer had
    /// the name right after it, whether that file still had a name of its own.
    public struct Outcome: Equatable, Sendable {
        public var saved: Bool
        public var orphan: Orphan?

        public enum Orphan: String, Sendable {
            case unlinked
            case stillLinked = "still linked"
        }
    }

    /// Saves `marker: true` into the JSON object at `path`. `splitWrite`: the in-place save
    /// writes in two halves, as editors with a buffered writer do (the file is briefly partial).
    public static func save(marker: String, inPlace: Bool, path: String, splitWrite: Bool = false) -> Outcome {
        for _ in 0..<200 {
            guard let before = FileManager.default.contents(atPath: path),
                  var object = (try? JSONSerialization.jsonObject(with: before)) as? [String: Any] else {
                usleep(2_000)  // the person's pace while the file cannot be read (mid-save, or a lease held): tried again
                continue
            }
            object[marker] = true
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                return Outcome(saved: false)
            }
            let done = inPlace ? saveInPlace([UInt8](data), before: before, path: path, splitWrite: splitWrite)
                               : saveByRename(data, before: before, path: path)
            if let done { return done }
        }
        return Outcome(saved: false)
    }

    /// nil: the file changed since it was read (start over).
    private static func saveByRename(_ data: Data, before: Data, path: String) -> Outcome? {
        let temporary = path + ".editor~"
        guard FileManager.default.createFile(atPath: temporary, contents: data),
              FileManager.default.contents(atPath: path) == before,
              vc_rename_exchange(temporary, path) == 0 else { return nil }
        // The displaced file is what the path held at the exchange: not what was read, a
        // program saved meanwhile, so the names go back and the editor starts over.
        guard FileManager.default.contents(atPath: temporary) == before else {
            _ = vc_rename_exchange(temporary, path)
            return nil
        }
        unlink(temporary)
        return Outcome(saved: true)
    }

    /// nil: the file changed since it was read (start over).
    private static func saveInPlace(_ bytes: [UInt8], before: Data, path: String, splitWrite: Bool) -> Outcome? {
        // Close-on-exec: a command started meanwhile must not inherit the editor's descriptor.
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var current = [UInt8](repeating: 0, count: before.count + 1)
        let n = pread(fd, &current, current.count, 0)
        guard n == before.count, Data(current[0..<n]) == before else { return nil }
        guard ftruncate(fd, 0) == 0 else { return Outcome(saved: false) }
        let half = splitWrite ? bytes.count / 2 : bytes.count
        let written = bytes.withUnsafeBytes { buffer in
            pwrite(fd, buffer.baseAddress, half, 0) == half
                && (half == bytes.count || pwrite(fd, buffer.baseAddress! + half, bytes.count - half, off_t(half)) == bytes.count - half)
        }
        guard written else { return Outcome(saved: false) }
        // Checked while the descriptor is still open: the file written must still be the named one.
        var mine = stat()
        var named = stat()
        guard fstat(fd, &mine) == 0, stat(path, &named) != 0 || named.st_ino != mine.st_ino else {
            return Outcome(saved: true)
        }
        return Outcome(saved: true, orphan: mine.st_nlink == 0 ? .unlinked : .stillLinked)
    }
}

extension CarefulEditor.Outcome {
    public init(saved: Bool) {
        self.init(saved: saved, orphan: nil)
    }
}
