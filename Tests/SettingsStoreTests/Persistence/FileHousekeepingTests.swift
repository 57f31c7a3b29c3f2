import Foundation
import Glibc
import Testing
@testable import SettingsStore

@Suite("Temporary files, log rotation, odd files")
struct FileHousekeepingTests {
    @Test func oldTemporaryFilesOfOurShapeAreRemovedAndNothingElse() throws {
        let dir = PersistenceTempDir()
        let names = [".settings.json.tmp-1234-abc9z", ".app-state.json.tmp-77-0", "settings.json", ".settings.json.lock",
                     ".notes.tmp-x-1", "settings.json.tmp-1-a", ".vimrc.tmp-12-ab-cd"]
        for name in names { try dir.write("{}", to: name) } // written 10 s ago
        try dir.writeFresh(Array("{}".utf8), to: ".settings.json.tmp-99-young")
        var old = [timeval(tv_sec: time(nil) - 120, tv_usec: 0), timeval(tv_sec: time(nil) - 120, tv_usec: 0)]
        for name in names { _ = utimes(dir.sub(name), &old) }
        let removed = TemporaryFileSweeper.sweep([dir.path])
        #expect(Set(removed.map { ($0 as NSString).lastPathComponent })
                == [".settings.json.tmp-1234-abc9z", ".app-state.json.tmp-77-0"])
        #expect(dir.names().contains(".settings.json.tmp-99-young"), "a young one may be a running writer's")
        #expect(dir.names().contains("settings.json"))
    }

    @Test func theLogRotatesKeepingTwoOldFiles() throws {
        let dir = PersistenceTempDir()
        let path = dir.sub("state/verbumcare-tui.log")
        let writer = LogFileWriter(path: path, rotationSize: 1000)
        let line = String(repeating: "x", count: 99) // 100 bytes with the newline
        for index in 0..<45 { writer.append(line: String(index % 10) + line.dropFirst()) }
        let names = dir.names(in: "state").filter { !$0.hasPrefix(".") }
        #expect(names == ["verbumcare-tui.log", "verbumcare-tui.log.1", "verbumcare-tui.log.2"])
        for name in names { #expect((dir.bytes("state/" + name)?.count ?? 0) <= 1000) }
        #expect(dir.text("state/verbumcare-tui.log")?.hasPrefix("0") == true, "the newest lines are in the log")
    }

    @Test(arguments: ["fifo", "directory"])
    func oddFilesAreReportedWithoutBlocking(_ kind: String) throws {
        let dir = PersistenceTempDir()
        try FileManager.default.createDirectory(atPath: dir.sub("config"), withIntermediateDirectories: true)
        let path = dir.sub("config/settings.json")
        if kind == "fifo" { #expect(mkfifo(path, 0o600) == 0) } else { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let file = NativeSettingsFile(path: path, environment: .production)
        #expect(file.load().problems == [FileProblem(key: "files.not_regular", parameters: ["file": "settings.json", "path": path])])
        #expect(throws: PersistenceError.notRegularFile(path: path)) { try file.update { $0.connectionTimeout = 20 } }
        let log = LogFileWriter(path: path)
        log.append(line: "dropped, never blocks")
        #expect(throws: PersistenceError.notRegularFile(path: path)) { _ = try AtomicFile.read(path, followLinks: false) }
    }
}
