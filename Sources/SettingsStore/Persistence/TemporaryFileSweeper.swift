import Glibc

/// Removes temporary files that a writer killed between create and rename left behind
/// (`.NAME.tmp-PID-RANDOM`, see `AtomicFile`). Only names of exactly that shape, only
/// regular files, and only when older than `minimumAge`: a younger one may belong to a
/// running copy that is about to rename it.
public enum TemporaryFileSweeper {
    public static let minimumAge = 60.0

    /// Sweeps each directory (not recursively); missing directories are skipped. Returns the
    /// paths removed.
    @discardableResult
    public static func sweep(_ directories: [String], minimumAge: Double = TemporaryFileSweeper.minimumAge) -> [String] {
        var removed: [String] = []
        for directory in directories {
            for name in DirectoryNames.list(directory) ?? [] {
                guard isTemporaryName(name) else { continue }
                let path = PathText.join(directory, name)
                var st = stat()
                guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
                      FileIdentity(st).age >= minimumAge else { continue }
                if unlink(path) == 0 { removed.append(path) }
            }
        }
        return removed
    }

    /// The directories the app writes into under `paths`: config, state, credentials and
    /// each server's cache folder, plus the folder of settings.json's link target when the
    /// app may write there (the target is missing or a settings object). A link to another
    /// program's file (/etc/passwd) leaves that folder alone: the app never wrote in it.
    public static func directories(for paths: AppPaths) -> [String] {
        var result = [paths.configDirectory, paths.stateDirectory, paths.stateDirectory + "/credentials"]
        if let target = try? LinkTarget.resolve(paths.settingsFile), mayHaveWritten(target) {
            let folder = PathText.split(target).0
            if !result.contains(folder) { result.append(folder) }
        }
        let servers = paths.cacheDirectory + "/servers"
        result += (DirectoryNames.list(servers) ?? []).map { PathText.join(servers, $0) }
        return result
    }

    /// What `JSONObjectFile.rewrite` writes through a link: a missing target, or a JSON object.
    private static func mayHaveWritten(_ target: String) -> Bool {
        guard let contents = try? RegularFile.read(target, limit: JSONObjectFile.maximumSize) else {
            return FileIdentity.current(target) == nil
        }
        guard let parsed = JSONObjectFile.parse(contents.bytes) else { return false }
        return !parsed.blank
    }

    /// `.` + a name + `.tmp-` + decimal pid + `-` + base-36 random.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let infix = Array(AtomicFile.temporaryInfix.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > infix.count + 4 else { return false }
        var start = bytes.count - infix.count
        while start > 1, !bytes[start..<start + infix.count].elementsEqual(infix) { start -= 1 }
        guard start > 1 else { return false }
        let tail = bytes[(start + infix.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard tail.count == 2, !tail[0].isEmpty, !tail[1].isEmpty else { return false }
        let digit: (UInt8) -> Bool = { (0x30...0x39).contains($0) }
        return tail[0].allSatisfy(digit) && tail[1].allSatisfy { digit($0) || (0x61...0x7A).contains($0) }
    }
}
