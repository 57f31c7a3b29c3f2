import Foundation
import TestSupport
import Glibc

/// A private temporary directory per test, removed when the value goes away.
final class PersistenceTempDir: @unchecked Sendable {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/vc-persistence-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func sub(_ relative: String) -> String { path + "/" + relative }

    func write(_ text: String, to relative: String) throws {
        try write(Array(text.utf8), to: relative)
    }

    /// Writes a file as a person would have some time ago: its modification time is set 10 s
    /// back, so the app does not wait for an editor that might still be saving it. Race tests
    /// use `writeFresh`.
    func write(_ bytes: [UInt8], to relative: String) throws {
        try writeFresh(bytes, to: relative)
        var times = [timeval(tv_sec: time(nil) - 10, tv_usec: 0), timeval(tv_sec: time(nil) - 10, tv_usec: 0)]
        _ = utimes(sub(relative), &times)
    }

    /// Writes a file now (modification time: now).
    func writeFresh(_ bytes: [UInt8], to relative: String) throws {
        let full = sub(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try TestFile.write(Data(bytes), to: full)
    }

    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: sub(relative)).map { Array($0) }
    }

    func text(_ relative: String) -> String? {
        bytes(relative).map { String(decoding: $0, as: UTF8.self) }
    }

    func names(in relative: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : sub(relative))) ?? []).sorted()
    }

    /// Permission bits of a file or directory.
    func mode(_ relative: String) -> mode_t? {
        var st = stat()
        guard stat(sub(relative), &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    /// Parses a file we wrote back into a Foundation object for assertions.
    func json(_ relative: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: sub(relative)) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// Waits (without asserting any duration) until `condition` holds or `seconds` pass.
func persistenceWait(seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    await Eventually.holds(within: .seconds(seconds), every: .milliseconds(5), condition)
}
