import Foundation
import Testing
import TestSupport

/// A FIFO where any of the app's files should be never blocks the full-screen app: it draws,
/// tests servers, says what is wrong, and quits on q.
@Suite(.serialized)
struct OddFilesTests {
    /// Every file the app reads or writes while it runs, relative to the home.
    static let files = [
        "config/verbumcare/settings.json",
        "state/verbumcare/app-state.json",
        "state/verbumcare/verbumcare-tui.log",
        "state/verbumcare/credentials/pn51.json",
        "cache/verbumcare/servers/pn51/health.json",
        "cache/verbumcare/servers/pn51/config.json",
    ]

    @Test("FIFOs in place of settings.json, app-state.json, the log, credentials and cache files")
    func fifosEverywhere() async throws {
        // app-state.json (which holds the saved language) becomes a FIFO too: --lang says it.
        // Wide enough for every notice on one row each: the credentials folder and file add two
        // (issue 16), and the notice area keeps its few rows whatever the height.
        var options = AppFixture.Options(extraArguments: ["--lang", "en"], prepare: { home in
            for relative in Self.files {
                let path = home.path + "/" + relative
                try? FileManager.default.removeItem(atPath: path)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                guard mkfifo(path, 0o600) == 0 else { throw TestSupportError.setupFailed("mkfifo \(path)") }
            }
        })
        options.rows = 40
        options.columns = 200
        let app = try await AppFixture.start(options)
        defer { app.close() }
        let en = app.catalog("en")
        // Defaults are used (pn51), and the person is told settings.json is not a regular file.
        _ = try await app.waitForConnectedMainScreen("en", timeout: .seconds(60))
        let told = en.text("files.not_regular", ["file": "settings.json", "path": ""]).components(separatedBy: "(").first ?? "-"
        _ = try await app.waitFor("the settings.json notice", timeout: .seconds(30)) { $0.containsSquashed(told) }
        // A change app-state.json must keep (the language; the start itself changes nothing
        // there since it is no longer a switch in the server history), then quit.
        try await app.session.sendKeys("l")
        try await app.session.sendKeys("q")
        // It quits at once; app-state.json could not be saved, which is said, and the exit is 1.
        let status = try await app.session.waitForExit()
        #expect(status == 1)
    }
}

/// A FIFO in place of the history database or its recorder lock (SPEC §15.2: refused at once,
/// never waited on): the app draws, tests, and quits on q. It used to block in the FIFO's open
/// before its first frame, deaf to q and Ctrl-C.
@Suite(.serialized)
struct HistoryFIFOAppTests {
    @Test("a FIFO in place of history.sqlite3, recorder.lock, or both", arguments: [
        ["history.sqlite3"], ["recorder.lock"], ["history.sqlite3", "recorder.lock"],
    ])
    func aFIFOInPlaceOfHistoryHoldsNothingUp(_ names: [String]) async throws {
        let options = AppFixture.Options(extraArguments: ["--lang", "en"], prepare: { home in
            let folder = home.path + "/state/verbumcare"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in names where mkfifo(folder + "/" + name, 0o600) != 0 {
                throw TestSupportError.setupFailed("mkfifo \(name)")
            }
        })
        let app = try await AppFixture.start(options)
        defer { app.close() }
        _ = try await app.waitForConnectedMainScreen("en", timeout: .seconds(60))
        try await app.session.sendKeys("q")
        let status = try await app.session.waitForExit()
        #expect(status == 0)
    }
}
