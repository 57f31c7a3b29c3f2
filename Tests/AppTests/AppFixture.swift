import Foundation
import Synchronization
import TestSupport

/// The full-screen app started in tmux against its own demo backend and home folder.
///
/// By default pn51 and Mac Mini are up and Mac Mini Tailscale is down (the demo of docs/PRODUCT.md: Demo backend); every host
/// reaches the backend on 127.0.0.1 through `--connect-to`, and the backend's CA is the only one trusted.
final class AppFixture: Sendable {
    let home: TemporaryHome
    let backend: DemoBackendProcess
    let runner: BinaryRunner
    let session: TmuxSession
    let catalogs: [String: Catalog]

    /// The host of the extra demo server used as a custom server (it has its own certificate).
    static let customHost = "ward3.example.org"
    static let customServerID = "ward3"

    struct Options {
        var language = "en"
        var initialModes: [String: String] = ["mac-mini-tailscale": "down"]
        /// `settings set KEY VALUE` before the app starts.
        var settings: [(String, String)] = []
        var extraArguments: [String] = []
        var environment: [String: String] = [:]
        var columns = 100
        var rows = 30
        /// Runs after the settings are written and before the app starts (e.g. to put odd
        /// files where the app's files should be).
        var prepare: @Sendable (TemporaryHome) throws -> Void = { _ in }
        /// A program that starts the app (its path and arguments follow), e.g. a shell that
        /// ignores SIGHUP first; empty: the app itself.
        var launcher: [String] = []
        /// Bench servers of the demo backend (`sN.bench.example`, one wildcard certificate):
        /// every host the other rules do not route goes to the first of them.
        var benchServers = 0
    }

    private init(home: TemporaryHome, backend: DemoBackendProcess, runner: BinaryRunner, session: TmuxSession,
                 catalogs: [String: Catalog]) {
        self.home = home
        self.backend = backend
        self.runner = runner
        self.session = session
        self.catalogs = catalogs
    }

    static func start(_ options: Options = Options()) async throws -> AppFixture {
        let catalogs = try Catalog.all()
        let home = try TemporaryHome(prefix: "verbumcare-app")
        let backend = try await DemoBackendProcess.start(extraServers: [customServerID: customHost],
                                                         initialModes: options.initialModes,
                                                         extraArguments: options.benchServers > 0 ? ["--bench-servers", String(options.benchServers)] : [])
        do {
            let runner = try BinaryRunner(home: home.path)
            try await configure(runner, language: options.language, settings: options.settings)
            try options.prepare(home)
            let benchRoute = options.benchServers > 0 ? backend.port(of: "bench-1").map { ["::127.0.0.1:\($0)"] } ?? [] : []
            let arguments = ["--home", home.path, "--cacert", backend.caFile]
                + (backend.connectTo + benchRoute).flatMap { ["--connect-to", $0] } + options.extraArguments
            let launched = options.launcher.isEmpty ? [runner.executable] + arguments : options.launcher + [runner.executable] + arguments
            let session = try await TmuxSession.start(
                executable: launched[0], arguments: Array(launched.dropFirst()),
                environment: ["HOME": home.path + "/user", "VERBUMCARE_HOME": home.path].merging(options.environment) { _, new in new },
                columns: options.columns, rows: options.rows)
            return AppFixture(home: home, backend: backend, runner: runner, session: session, catalogs: catalogs)
        } catch {
            backend.stop()
            throw error
        }
    }

    /// Sets the language and settings with the app's own commands, as an administrator would.
    private static func configure(_ runner: BinaryRunner, language: String, settings: [(String, String)]) async throws {
        let commands = [["lang", language]] + settings.map { ["settings", "set", $0.0, $0.1] }
        for command in commands {
            let result = try await runner.run(command)
            guard result.exitCode == 0 else {
                throw TestSupportError.setupFailed("verbumcare-tui \(command.joined(separator: " ")): \(result)")
            }
        }
    }

    func close() {
        session.close()
        backend.stop()
    }

    deinit {
        close()
    }

    func catalog(_ language: String) -> Catalog {
        catalogs[language] ?? catalogs["en"]!
    }

    // MARK: waiting for screens

    func screen() async throws -> Screen {
        Screen(try await session.capture())
    }

    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(30), _ predicate: @escaping (Screen) -> Bool) async throws -> Screen {
        Screen(try await session.waitFor(what, timeout: timeout) { predicate(Screen($0)) })
    }

    /// Waits for the main screen in `language` with pn51 connected: the status word, the server name and
    /// the panel titles all on screen.
    @discardableResult
    func waitForConnectedMainScreen(_ language: String, timeout: Duration = .seconds(30)) async throws -> Screen {
        let catalog = catalog(language)
        let expected = [catalog.text("status.connected"), "pn51", catalog.text("ui.panel.server"),
                        catalog.text("ui.panel.language")]
        return try await waitFor("the \(language) main screen with pn51 connected: \(expected)", timeout: timeout) { screen in
            expected.allSatisfy(screen.contains)
        }
    }

    // MARK: words by language

    /// Texts of `language` that no other language shares and that are not parts of another language's
    /// texts: seeing one of them on screen means that language is (partly) shown.
    func distinctiveTexts(of language: String) -> [String: String] {
        if let known = Self.distinctive.withLock({ $0[language] }) { return known }
        let found = Self.findDistinctiveTexts(of: catalog(language), among: catalogs)
        Self.distinctive.withLock { $0[language] = found }
        return found
    }

    /// `distinctiveTexts` by language, found once per test run: the catalogs are the
    /// repository's files, the same for every fixture, and finding them compares every text with
    /// every other language's (millions of comparisons, too many for every look at a screen).
    private static let distinctive = Mutex<[String: [String: String]]>([:])

    private static func findDistinctiveTexts(of mine: Catalog, among catalogs: [String: Catalog]) -> [String: String] {
        let language = mine.language
        let others = catalogs.values.filter { $0.language != language }
        var result: [String: String] = [:]
        for (key, value) in mine.strings where value.count >= 2 && !value.contains("{") {
            let sharedOrInside = others.contains { other in
                other.strings.values.contains { $0.contains(value) }
            }
            if !sharedOrInside { result[key] = value }
        }
        return result
    }

    /// The catalog keys whose distinctive `language` text is visible.
    func visibleKeys(of language: String, on screen: Screen) -> Set<String> {
        Set(distinctiveTexts(of: language).filter { screen.contains($0.value) }.keys)
    }
}

extension AppFixture {
    /// The rows that show focus: rows with reverse-video text, or else the row of the terminal cursor.
    func focusedRows() async throws -> [String] {
        let colored = try await session.capture(escapes: true)
        let plain = try await session.capture()
        let reverse = Attributes.reverseText(colored)
        let rows = reverse.indices.filter { !reverse[$0].trimmingCharacters(in: .whitespaces).isEmpty }
            .compactMap { $0 < plain.count ? plain[$0] : nil }
        if !rows.isEmpty { return rows }
        if let cursor = Int(try await session.format("#{cursor_y}")), cursor < plain.count { return [plain[cursor]] }
        return []
    }

    /// Presses `key` until a focused row satisfies `predicate` (at most `limit` presses); returns that row.
    @discardableResult
    func moveFocus(with key: String, limit: Int = 20, to what: String,
                   _ predicate: (String) -> Bool) async throws -> String {
        var seen: [String] = []
        for _ in 0...limit {
            let rows = try await focusedRows()
            if let row = rows.first(where: predicate) { return row }
            seen.append(rows.joined(separator: " | "))
            let before = try await session.capture(escapes: true)
            try await session.sendKeys(key)
            // The next frame: wait for any change, but not forever (the end of a list does not change).
            _ = try? await session.waitFor("a change after \(key)", timeout: .seconds(2), escapes: true) { $0 != before }
        }
        throw TestSupportError.setupFailed("focus never reached \(what) with \(key); focused rows seen: \(seen)\n"
                                           + TmuxSession.framed(try await session.capture()))
    }
}

extension AppFixture {
    /// settings.json as the app last wrote it.
    func nativeSettings() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: home.settingsFile))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
