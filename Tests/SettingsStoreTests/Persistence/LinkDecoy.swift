import Foundation
import Glibc

/// A stand-in for another program's file (/etc/passwd) in a private temporary folder, with
/// a symbolic link to it where the app keeps settings.json or app-state.json. Tests point
/// links only at decoys like this one, never at a real system file.
final class LinkDecoy: @unchecked Sendable {
    /// What a decoy holds.
    enum Kind: String, CaseIterable, Sendable {
        /// Text in the shape of /etc/passwd.
        case passwd
        /// A JSON document that is not an object.
        case jsonArray
        /// An object with broken syntax (a settings file cut short).
        case brokenJSON
        /// An empty file: `{}` to the app's own file, but nothing to write through a link.
        case empty

        var bytes: [UInt8] {
            switch self {
            case .passwd: Array("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n".utf8)
            case .jsonArray: Array("[\"https://ward3.example.org/api\", 1, true]\n".utf8)
            case .brokenJSON: Array("{\"backend_server_address\": \"https://verbumcaremac-mini/api\", \"custom_".utf8)
            case .empty: []
            }
        }
    }

    /// What must not change: bytes, inode, mode, and the names in the decoy's folder (no
    /// `.corrupt-` copy, lock file or temporary file appears beside it).
    struct Fingerprint: Equatable, CustomStringConvertible {
        var bytes: [UInt8]?
        var inode: UInt
        var mode: UInt32
        var neighbours: [String]

        var description: String { "inode \(inode), mode \(String(mode, radix: 8)), \(bytes?.count ?? -1) bytes, folder \(neighbours)" }
    }

    /// The decoy's own folder (the "/etc" of the test).
    let folder: PersistenceTempDir
    let path: String
    let before: Fingerprint

    /// Mode 0644, unlike the 0600 the app gives its files, so a rewrite would show.
    init(bytes: [UInt8], name: String = "passwd") throws {
        folder = PersistenceTempDir()
        try folder.write(bytes, to: name)
        path = folder.sub(name)
        precondition(chmod(path, 0o644) == 0, "chmod of the decoy")
        before = Self.fingerprint(path, folder: folder)
    }

    convenience init(_ kind: Kind) throws {
        try self.init(bytes: kind.bytes)
    }

    var now: Fingerprint { Self.fingerprint(path, folder: folder) }

    /// Makes `linkPath` (its folder created) a symbolic link to the decoy.
    func link(from linkPath: String) throws {
        try FileManager.default.createDirectory(atPath: (linkPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linkPath, withDestinationPath: path)
    }

    /// True when `linkPath` is still a symbolic link to the decoy.
    static func isLink(_ linkPath: String, to target: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: linkPath)) == target
    }

    private static func fingerprint(_ path: String, folder: PersistenceTempDir) -> Fingerprint {
        var st = stat()
        let found = lstat(path, &st) == 0
        return Fingerprint(bytes: FileManager.default.contents(atPath: path).map { Array($0) },
                           inode: found ? UInt(st.st_ino) : 0, mode: found ? UInt32(st.st_mode) : 0,
                           neighbours: folder.names())
    }
}
