import AppCore
import Foundation
import Glibc
import History
import Testing

/// What stands in place of the database, its WAL or its shared-memory file is looked at before
/// SQLite opens anything (SPEC §15.2): a FIFO, a folder or a socket is refused at once and left
/// as it is; our own files are private whatever mode they had.
@Suite("History: special files and modes")
struct SpecialFileTests {
    enum Kind: String, CaseIterable, Sendable { case fifo, folder, socket }

    static func place(_ kind: Kind, at path: String) throws {
        switch kind {
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .socket:
            // A bound Unix socket leaves its name behind.
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
        }
    }

    static let cases: [(String, Kind)] = ["", "-wal", "-shm"].flatMap { suffix in Kind.allCases.map { (suffix, $0) } }

    @Test(arguments: cases)
    func aSpecialFileIsRefusedAtOnceByReadersAndWriters(_ suffix: String, _ kind: Kind) throws {
        let fixture = try HistoryFixture()
        if !suffix.isEmpty { _ = try fixture.open() }  // a real database beside the odd WAL or shm
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        unlink(fixture.path + suffix)
        try Self.place(kind, at: fixture.path + suffix)
        let clock = ContinuousClock()
        let started = clock.now
        for readOnly in [true, false] {
            switch HistoryDatabase.open(path: fixture.path, readOnly: readOnly, now: 1_750_000_000_000) {
            case .failure(.refused(let path, _)): #expect(path == fixture.path + suffix)
            case let other: Issue.record("expected refused (readOnly \(readOnly)), got \(other)")
            }
        }
        #expect(clock.now - started < .seconds(5), "never waited on")
        var info = stat()
        #expect(lstat(fixture.path + suffix, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG, "left as it is")
        #expect(!fixture.folderNames.contains { $0.contains("corrupt") })
    }

    /// Files an earlier version (or a umask of 022) left readable by others become 0600, the
    /// folder 0700.
    @Test func ourFilesAreMadePrivate() throws {
        let fixture = try HistoryFixture()
        do {
            let database = try fixture.open()
            try database.record([ProbeSample(serverId: "a", at: 1_750_000_000_000, ok: true, latencyMs: 5)])
            for suffix in ["", "-wal", "-shm"] { #expect(chmod(fixture.path + suffix, 0o644) == 0) }
            #expect(chmod(fixture.folder, 0o755) == 0)
            let reopened = try fixture.open()
            _ = reopened
            for suffix in ["", "-wal", "-shm"] {
                var info = stat()
                #expect(stat(fixture.path + suffix, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(suffix)")
            }
            var folder = stat()
            #expect(stat(fixture.folder, &folder) == 0 && folder.st_mode & 0o777 == 0o700)
        }
    }
}
