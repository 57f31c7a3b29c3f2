import Localization
import Testing
import TestSupport
@testable import SettingsStore

/// Issue 27 item 2 (SPEC §6.5): the dialog says a session ended only when a token existed and
/// was refused; `i` with no token is a plain sign-in; the last user name of each server is
/// kept in app-state.json (never the password) and offered again.
@Suite("Reducer: first sign-in and the last user name")
struct SignInWordsTests {
    @Test func iWithoutATokenIsASignInAndARefusedTokenIsAnEndedSession() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let (macMini, now) = (world.server("mac-mini"), world.now)
        world.send(.signInRequested(serverId: "pn51", at: now), ReducerWorld.signInOpens("pn51"))
        #expect(world.state.loginRequest?.reason == .signIn)
        #expect(world.state.loginRequest?.explanationKey == "dialog.login.explain_first")
        world.send(.signInDismissed, ReducerWorld.signInCloses)
        // A token that existed is refused after a switch: the session ended.
        world.tokens = ["mac-mini"]
        world.health["mac-mini"] = .refusesToken
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: now))
        world.settle(ReducerWorld.switchedIntoEndedSession(macMini, at: now))
        #expect(world.state.loginRequest?.serverId == "mac-mini")
        #expect(world.state.loginRequest?.reason == .sessionEnded)
        #expect(world.state.loginRequest?.explanationKey == "dialog.login.explain")
        world.send(.signInDismissed, ReducerWorld.signInCloses)
        // The runtime's "refused again after a refresh" is an ended session too.
        world.send(.signInRequested(serverId: "mac-mini", sessionEnded: true, at: now),
                   ReducerWorld.signInOpens("mac-mini", reason: .sessionEnded))
        #expect(world.state.loginRequest?.reason == .sessionEnded)
    }

    @Test func theLastUserNameIsOfferedAgainPerServerAndSavedWithoutThePassword() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        world.send(.signInRequested(serverId: "pn51", at: world.now)) {
            $0.settings.loginRequest = LoginRequest(serverId: "pn51", reason: .signIn)
            $0.screen.loginForm = LoginForm()
        }
        #expect(world.app.screen.loginForm?.username.text == "")
        #expect(world.app.screen.loginForm?.focus == .username)
        let password = SecretText("correct horse battery staple")
        world.send(.signInSubmitted(username: "nurse.tanaka", password: password)) { $0.settings.loginRequest?.isSubmitting = true }
        world.settle(ReducerWorld.signedIn(world.server("pn51"), as: "nurse.tanaka", at: world.now))
        #expect(world.state.loginRequest == nil)
        #expect(world.state.lastUserNames == ["pn51": "nurse.tanaka"])

        world.send(.signInRequested(serverId: "pn51", at: world.now)) {
            $0.settings.loginRequest = LoginRequest(serverId: "pn51", reason: .signIn)
            $0.screen.loginForm = LoginForm(username: "nurse.tanaka")
        }
        #expect(world.app.screen.loginForm?.username.text == "nurse.tanaka")
        #expect(world.app.screen.loginForm?.password.text == "")
        #expect(world.app.screen.loginForm?.focus == .password, "the name is there: the password is what is asked")

        // Kept in app-state.json, read back as it was; the password is nowhere in the file.
        let file = AppStateFile(path: world.directory.path + "/app-state.json")
        _ = try file.save(PersistedAppState(world.state))
        let bytes = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(!bytes.contains("correct horse"))
        let loaded = file.load()
        #expect(loaded.problems.isEmpty)
        #expect(loaded.state.lastUserNames == ["pn51": "nurse.tanaka"])
    }

    @Test func aNameThatIsNotCleanTextIsNeitherKeptNorRead() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let now = world.now
        world.send(.signedIn(serverId: "pn51", username: "evil\u{1B}[2J", at: now)) {
            $0.settings.timeline.insert(TimelineEntry(at: now, kind: .signedIn, serverId: "pn51"), at: 0)
            ReducerWorld.probeRestarts(at: now)(&$0)
        }
        #expect(world.state.lastUserNames.isEmpty)
        let directory = try TemporaryDirectory()
        let path = directory.path + "/app-state.json"
        try #"{"version": 2, "lastUserNames": {"pn51": "ok", "mac-mini": "bad\u001b]0;x\u0007", "x": 3}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = AppStateFile(path: path).load()
        #expect(loaded.state.lastUserNames == ["pn51": "ok"])
        #expect(loaded.problems.count == 2, "each refused entry is reported: \(loaded.problems)")
    }
}
