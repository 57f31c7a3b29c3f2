import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// The history database's trouble as the real binary meets it (SPEC §15.2, §15.3, §11): a FIFO
/// in place of the database or its lock never holds up `monitor --once` or `history`; a value
/// near 2^63 is damage that `history` moves aside instead of crashing; `mute --for` refuses
/// what is not a duration as a value (exit 1, localized); `doctor` says what is wrong with the
/// lock. Every server is routed to a closed loopback port, so a round takes no time. The 20 s
/// limits are hang checks, not measures of speed.
@Suite("History trouble from the command line")
struct HistoryTroubleCLITests {
    static let closed = ["--connect-to", "::127.0.0.1:9"]

    static func session(_ language: AppLanguage = .en) throws -> CLI.Session {
        var session = try CLI.Session(lang: CLI.lang(for: language))
        session.runner.timeout = .seconds(20)
        try FileManager.default.createDirectory(atPath: session.home.stateDirectory, withIntermediateDirectories: true)
        return session
    }

    static func database(_ session: CLI.Session) -> String { session.home.stateDirectory + "/history.sqlite3" }
    static func lock(_ session: CLI.Session) -> String { session.home.stateDirectory + "/recorder.lock" }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    @Test(arguments: AppLanguage.allCases)
    func aFIFOInPlaceOfTheDatabaseIsRefusedAtOnce(_ language: AppLanguage) async throws {
        let session = try Self.session(language)
        let path = Self.database(session)
        #expect(mkfifo(path, 0o600) == 0)
        let refused = CLI.text(language, "cli.history.problem.refused", ["path": path])

        let monitor = try await session.run(arguments: Self.closed + ["monitor", "--once"])
        #expect(!monitor.timedOut, "monitor --once must not wait on the FIFO")
        #expect(monitor.exitCode == 2, "\(monitor)")
        #expect(monitor.standardError.contains(CLI.text(language, "cli.monitor.history_problem", ["problem": refused])),
                "\(monitor.standardError)")

        let history = try await session.run("history")
        #expect(!history.timedOut, "history must not wait on the FIFO")
        #expect(history.exitCode == 0, "\(history)")
        #expect(history.standardError.contains(refused), "\(history.standardError)")
        #expect(Self.isFIFO(path), "left as it is")
    }

    @Test func aFIFOInPlaceOfTheLockHoldsNothingUp() async throws {
        let session = try Self.session()
        #expect(mkfifo(Self.lock(session), 0o600) == 0)
        let monitor = try await session.run(arguments: Self.closed + ["monitor", "--once"])
        #expect(!monitor.timedOut, "monitor --once must not wait on the FIFO")
        #expect(monitor.exitCode == 2, "\(monitor)")
        let history = try await session.run("history")
        #expect(!history.timedOut && history.exitCode == 0, "\(history)")
        #expect(Self.isFIFO(Self.lock(session)), "left as it is")
    }

    /// A count near 2^63 and a negative one (written as another program could) made every
    /// reader trap (SIGILL) on `probes - failures`.
    @Test(arguments: AppLanguage.allCases)
    func aValueNear2To63IsMovedAsideNotACrash(_ language: AppLanguage) async throws {
        let session = try Self.session(language)
        // Two runs: a result's stretch is written to the hour rows when the next result closes it.
        for _ in 0..<2 {
            let run = try await session.run(arguments: Self.closed + ["monitor", "--once"])
            #expect(run.exitCode == 2, "\(run)")
        }
        let path = Self.database(session)
        #expect(ShellCommand.run("test \"$(sqlite3 '\(path)' 'SELECT count(*) FROM hours')\" -gt 0") == 0, "hour rows to damage")
        #expect(ShellCommand.run("sqlite3 '\(path)' 'UPDATE hours SET probes = 9223372036854775807, failures = -5'") == 0)
        let bad = try #require(FileManager.default.contents(atPath: path))

        let history = try await session.run("history")
        #expect(history.signal == nil && history.exitCode == 0, "\(history)")
        let names = try FileManager.default.contentsOfDirectory(atPath: session.home.stateDirectory)
        let aside = try #require(names.first { $0.hasPrefix("history.sqlite3.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") },
                                 "moved aside: \(names)")
        #expect(history.standardError.contains(
            CLI.text(language, "cli.history.moved_aside", ["copy": session.home.stateDirectory + "/" + aside])), "\(history.standardError)")
        #expect(FileManager.default.contents(atPath: session.home.stateDirectory + "/" + aside) == bad, "kept as it was")
        // The next reader finds a new, empty database: no damage, no message.
        let again = try await session.run("history")
        #expect(again.exitCode == 0 && !again.standardError.contains(CLI.text(language, "cli.history.moved_aside", ["copy": ""])))
    }

    static let refusedDurations = ["-1", "0x10m", "0", "401d", "1e3m", "1.5h"]

    @Test(arguments: AppLanguage.allCases, refusedDurations)
    func muteRefusesWhatIsNotADurationAsAValue(_ language: AppLanguage, _ value: String) async throws {
        let session = try Self.session(language)
        let result = try await session.run("mute", "--all", "--for", value)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains(CLI.errorLine(language, "cli.mute.bad_duration", ["value": value])),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: session.home.stateDirectory + "/mutes.json"))
    }

    @Test(arguments: ["90s", "30m", "2h", "1d", "400d", "45"])
    func muteTakesTheDocumentedDurations(_ value: String) async throws {
        let session = try Self.session()
        let result = try await session.run("mute", "--all", "--for", value)
        #expect(result.exitCode == 0, "\(result)")
    }

    /// A hand-written end of 1e300 s made `mute` trap converting it to an integer (when the
    /// mute it kept was another's than the one being set).
    @Test(arguments: AppLanguage.allCases)
    func anAbsurdMuteEndIsReportedNotACrash(_ language: AppLanguage) async throws {
        let session = try Self.session(language)
        let file = session.home.stateDirectory + "/mutes.json"
        let text = #"{"mutes": [{"server": null, "until": 1e300, "reason": null}]}"#
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let result = try await session.run("mute", "pn51", "--for", "1h")
        #expect(result.signal == nil && result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains(CLI.errorLine(language, "cli.mute.absurd_until", ["path": file, "value": "1e+300"])),
                "\(result.standardError)")
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == text, "left as it is")
    }

    enum LockKind: String, CaseIterable, Sendable { case link, fifo, folder }

    /// The lock is a link to a decoy in the test's home (never a real system file), a FIFO or a
    /// folder: `doctor` says so with its fix, exits 1, and touches nothing.
    @Test(arguments: LockKind.allCases)
    func doctorSaysTheLockCannotBeTrusted(_ kind: LockKind) async throws {
        let session = try Self.session()
        let lock = Self.lock(session)
        let decoy = session.home.path + "/decoy"
        try "decoy\n".write(toFile: decoy, atomically: false, encoding: .utf8)
        switch kind {
        case .link: try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: decoy)
        case .fifo: #expect(mkfifo(lock, 0o600) == 0)
        case .folder: try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        }
        let result = try await session.run("doctor", "--json")
        #expect(!result.timedOut)
        #expect(result.exitCode == 1, "\(result)")
        let checks = try #require(try CLI.object(result.standardOutput)["checks"] as? [[String: Any]])
        let history = checks.filter { $0["id"] as? String == "history" }
        let key = kind == .link ? "doctor.history.lock_link" : "doctor.history.lock_special"
        let lockCheck = try #require(history.first { $0["message"] as? String == CLI.text(.en, key, ["path": lock]) },
                                     "\(history)")
        #expect(lockCheck["status"] as? String == "error")
        #expect(lockCheck["fix"] as? String == CLI.text(.en, "doctor.fix.move_away", ["path": lock]))
        #expect(history.contains { $0["message"] as? String == CLI.text(.en, "doctor.history.absent", ["path": Self.database(session)]) })
        #expect((try? String(contentsOfFile: decoy, encoding: .utf8)) == "decoy\n")
    }

    /// With the monitor's round recorded and its lock left behind by an ended process, the
    /// database is readable and nobody records.
    @Test func doctorSaysTheDatabaseIsReadableAndWhoRecords() async throws {
        let session = try Self.session()
        _ = try await session.run(arguments: Self.closed + ["monitor", "--once"])
        let result = try await session.run("doctor", "--json")
        let checks = try #require(try CLI.object(result.standardOutput)["checks"] as? [[String: Any]])
        let messages = checks.filter { $0["id"] as? String == "history" }.compactMap { $0["message"] as? String }
        #expect(messages.contains(CLI.text(.en, "doctor.history.ok", ["path": Self.database(session)])), "\(messages)")
        #expect(messages.contains(CLI.text(.en, "doctor.history.no_recorder")), "\(messages)")
    }
}
