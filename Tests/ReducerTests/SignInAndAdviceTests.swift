import Localization
import SettingsUI
import Testing
@testable import SettingsStore

/// Wiring of the sign-in key and of the doctor's mDNS finding into the screen.
@Suite("Reducer: sign-in key and dns advice")
struct SignInAndAdviceTests {
    @Test func iOnTheMainScreenAsksForSignInAndTheHelpListsIt() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        var app = AppState(settings: world.state)
        _ = AppReducer.reduce(&app, .key(.character("i"), at: world.now))
        #expect(app.settings.loginRequest?.serverId == "pn51")
        #expect(KeyTable.bindings.contains { $0.action == .signIn && $0.helpKey == "help.sign_in" })
        // In a text field `i` types.
        var pane = AppState(settings: world.state)
        _ = AppReducer.reduce(&pane, .key(.character("o"), at: world.now))
        pane.screen.paneFocus = .customAddress
        _ = AppReducer.reduce(&pane, .key(.character("i"), at: world.now))
        #expect(pane.settings.loginRequest == nil)
        #expect(pane.screen.addressField.text == "i")
    }

    @Test func aLocalNameThatDoesNotResolveAsksWhatThisMachineLacksOnce() throws {
        var world = try ReducerWorld(active: false, claimsState: true)
        world.send(.connectivityStarted(at: world.now), ReducerWorld.startsTesting(at: world.now))
        let run = try #require(world.state.connectivity.activeSwitch)
        world.send(.switchStepCompleted(generation: run.generation, step: .validating, at: world.now))
        let failed = Self.dnsFailure(world.server("pn51"), at: world.now)
        var state = world.state
        let effects = SettingsReducer.reduce(&state, .switchTestCompleted(generation: run.generation, result: failed,
                                                                     hadToken: false, at: world.now))
        #expect(effects.filter { $0 == .inspectMDNS }.count == 1)
        // Asked once: another failure does not ask again.
        var again = state
        let later = SettingsReducer.reduce(&again, .rowTestCompleted(generation: 0, result: failed))
        #expect(!later.contains(.inspectMDNS))
    }

    @Test func theDnsNoticeShowsWhatThisMachineLacksForMDNS() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        var state = world.state
        let pn51 = world.server("pn51")
        let reason = ConnectivityError(code: .dns, message: "not found")
        NoticeBoard.post(Notice(subject: .server("pn51"), kind: .error,
                                message: ConnectivityMessages.unreachable(pn51, reason: reason),
                                condition: .untilDismissed, postedAt: world.now), in: &state)
        let facts = MDNSFacts(nsswitchPath: "/etc/nsswitch.conf", hostsLine: "hosts: files mdns4_minimal [NOTFOUND=return] dns",
                              loadableModules: ["mdns4_minimal"], avahi: .notRunning)
        _ = SettingsReducer.reduce(&state, .mdnsInspected(MDNSFinding(facts)))
        let frame = ScreenRenderer.render(ScreenModel(state: AppState(settings: state), now: world.now),
                                          width: 120, height: 40).buffer.textDump()
        let advice = Localizer(language: .en).text("error.dns.advice_mdns_avahi_missing", ["host": "verbumcare-lab.local"])
        let squash: (String) -> String = { $0.filter { !$0.isWhitespace && !"│┌┐└┘─".contains($0) } }
        #expect(squash(frame).contains(squash(String(advice.prefix(40)))), "\(frame)")
    }

    static func dnsFailure(_ server: ServerConfig, at now: Double) -> DetailedStatus {
        let checks = CheckEndpoint.allCases.map { endpoint in
            CheckResult(endpoint: endpoint, url: server.baseUrl, status: .failure, httpStatus: nil,
                        timings: CheckTimings(totalMs: 2), error: ConnectivityError(code: .dns, message: "not found"))
        }
        return DetailedStatus(serverId: server.id, checks: checks, responseTime: nil, lastChecked: now)
    }
}
