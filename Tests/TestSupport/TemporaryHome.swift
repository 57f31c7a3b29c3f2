import Foundation
import Glibc

/// A fresh temporary directory, removed with everything in it when the value is released.
/// Used as `--home` so a test never sees the user's files or another test's.
public final class TemporaryHome: Sendable {
    public let path: String

    /// `base`: where the directory is made (`/dev/shm` for tests that write many times a
    /// second and would otherwise wait on a disk's fsync).
    public init(prefix: String = "verbumcare-test", base: String = NSTemporaryDirectory()) throws {
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw TestSupportError.setupFailed("mkdtemp: errno \(errno)")
        }
        path = String(cString: made)
    }

    /// A home in memory (`/dev/shm`) where the machine has one, else in the temporary folder:
    /// for tests whose behaviour does not depend on the disk and that would otherwise wait on
    /// its fsyncs (SQLite commits, atomic saves).
    public static func inMemory(prefix: String) throws -> TemporaryHome {
        let shm = "/dev/shm"
        return FileManager.default.isWritableFile(atPath: shm)
            ? try TemporaryHome(prefix: prefix, base: shm) : try TemporaryHome(prefix: prefix)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// settings.json of the production environment under this home.
    public var settingsFile: String { path + "/config/verbumcare/settings.json" }
    public var configDirectory: String { path + "/config/verbumcare" }
    public var stateDirectory: String { path + "/state/verbumcare" }
    public var appStateFile: String { path + "/state/verbumcare/app-state.json" }

    /// Writes `contents` to `relativePath`, creating folders as needed.
    public func write(_ contents: String, to relativePath: String) throws {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try TestFile.write(Data(contents.utf8), to: full)
    }

    public func read(_ absolutePath: String) -> Data? {
        FileManager.default.contents(atPath: absolutePath)
    }
}

public enum TestSupportError: Error, CustomStringConvertible {
    case setupFailed(String)
    case binaryMissing(String)

    public var description: String {
        switch self {
        case .setupFailed(let why): "test setup failed: \(why)"
        case .binaryMissing(let why): why
        }
    }
}
