import Foundation
import Glibc
import Testing
import TestSupport

/// A textfile the monitor cannot write (its disk is full) is told once, not every round, and
/// told again only after a round wrote it (issue 24). The reason names a new temporary file
/// each round, so a failure compared by its text was told every round.
@Suite("monitor --textfile: a failure told once", .serialized)
struct TextfileToldOnceTests {
    @Test func aFullDiskIsToldOnceAndAgainAfterItWorkedInBetween() async throws {
        let home = try TemporaryHome(prefix: "textfile-once")
        try home.write(#"{"probe_interval": 2}"# + "\n", to: "config/verbumcare/settings.json")
        let disk = home.path + "/prom"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard ShellCommand.run("mount -t tmpfs -o size=64k tmpfs '\(disk)'") == 0 else {
            print("textfile told once: cannot mount a tmpfs here (not root); not tested")
            return
        }
        defer { _ = ShellCommand.run("umount '\(disk)'") }
        let fill = { _ = ShellCommand.run("cat /dev/zero > '\(disk)/filler' 2>/dev/null") }
        fill()

        let textfile = disk + "/monitor.prom"
        let runner = try BinaryRunner(home: home.path)
        let monitor = try ChildProcess(runner, ["--lang", "en", "--connect-to", "::127.0.0.1:9", "monitor", "--textfile", textfile])
        defer { monitor.killNow() }
        let database = home.stateDirectory + "/history.sqlite3"
        /// Rounds recorded so far (three servers a round).
        func rounds() -> Int {
            let output = home.path + "/rounds.txt"
            guard ShellCommand.run("sqlite3 -readonly '\(database)' 'SELECT count(*) FROM raw' > '\(output)' 2>/dev/null") == 0,
                  let text = try? String(contentsOfFile: output, encoding: .utf8) else { return 0 }
            return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / 3
        }
        func told() -> Int {
            monitor.standardError.components(separatedBy: "\n").filter { $0.contains("Could not save \(textfile)") }.count
        }

        #expect(await eventually(seconds: 60) { rounds() >= 4 }, "the monitor made no rounds: \(monitor.standardError)")
        #expect(told() == 1, "told every round: \(monitor.standardError)")

        unlink(disk + "/filler")
        #expect(await eventually(seconds: 60) { FileManager.default.fileExists(atPath: textfile) }, "never written")
        let before = rounds()
        unlink(textfile)
        fill()
        #expect(await eventually(seconds: 60) { rounds() >= before + 3 })
        #expect(told() == 2, "told again after it worked: \(monitor.standardError)")
    }
}
