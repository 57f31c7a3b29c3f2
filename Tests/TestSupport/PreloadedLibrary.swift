import Foundation

/// A small C library a test preloads into the real binary (`LD_PRELOAD`) to make one answer of
/// the system certain for that process alone: inotify refused, a slow libcurl load, a slow TLS
/// handshake. Compiled with the machine's C compiler into the test's own folder.
public enum PreloadedLibrary {
    /// Compiles `source` into `folder/name.so`; its path.
    public static func build(_ source: String, named name: String, in folder: String) throws -> String {
        let sourcePath = folder + "/\(name).c", library = folder + "/\(name).so"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let compilers = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang", "/opt/swift/usr/bin/clang"]
        guard let compiler = compilers.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestSupportError.setupFailed("no C compiler on this machine")
        }
        let status = ShellCommand.run("\(compiler) -shared -fPIC -o '\(library)' '\(sourcePath)' -ldl > '\(folder)/cc.out' 2>&1")
        guard status == 0 else {
            throw TestSupportError.setupFailed((try? String(contentsOfFile: folder + "/cc.out", encoding: .utf8)) ?? "cc failed")
        }
        return library
    }
}
