import Testing
@testable import SettingsStore

/// SPEC §15.3: "A mute covers every event about its server, `fallback_started`/`fallback_ended`
/// naming it included." A fallback from a muted Mac Mini alerts nothing while the mute runs;
/// still in force when the mute ends, `fallback_started` goes then, once; one that came and went
/// inside the mute is never alerted. A mute of another server holds nothing.
@Suite("Watch: a mute holds its server's fallback events")
struct WatchMuteFallbackTests {
    static let start = WatchWorld.start

    /// The recorder's state with a fallback from `from` (as the settings slice says) at `at`.
    static func world() -> AppState {
        var state = WatchWorld.hydrated(upConfirmations: 2)
        _ = AppReducer.reduce(&state, .watchStarted(role: .app, isRecording: true, recorder: nil, inherited: [], at: start))
        // A checked server in use: the fallback is known (not before the first result).
        state.settings.connectionStatus = .connected
        state.settings.detailedStatus = ReducerWorld.status(state.settings.currentServer, health: .up, at: start)
        return state
    }

    static func fallbackAlerts(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { effect in
            guard case .sendAlert(let alert) = effect, alert.kind == .fallbackStarted || alert.kind == .fallbackEnded else { return nil }
            return "\(alert.kind.rawValue) \(alert.server.id)"
        }
    }

    @Test(arguments: ["mac-mini", nil, "mac-mini-tailscale"])
    func aMuteHoldsTheFallbackOfItsServer(muted: String?) {
        var state = Self.world()
        let mute = MuteList(entries: [MuteList.Entry(serverId: muted, until: Self.start + 600, reason: nil)])
        var alerts = Self.fallbackAlerts(AppReducer.reduce(&state, .mutesRead(mute, at: Self.start + 1)))
        state.settings.fallback = FallbackInfo(fromServerId: "mac-mini", reason: ConnectivityError(code: .connect, message: "refused"))
        alerts += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 10)))
        let holds = muted != "mac-mini-tailscale"
        #expect(alerts == (holds ? [] : ["fallback_started mac-mini"]), "muted \(muted ?? "--all"): \(alerts)")
        // The mute ends with the fallback still in force: told then, once.
        alerts = Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 601)))
        alerts += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 602)))
        #expect(alerts == (holds ? ["fallback_started mac-mini"] : []), "muted \(muted ?? "--all"): \(alerts)")
    }

    @Test func aFallbackThatCameAndWentInsideTheMuteIsNeverAlerted() {
        var state = Self.world()
        let mute = MuteList(entries: [MuteList.Entry(serverId: "mac-mini", until: Self.start + 600, reason: nil)])
        var alerts = Self.fallbackAlerts(AppReducer.reduce(&state, .mutesRead(mute, at: Self.start + 1)))
        state.settings.fallback = FallbackInfo(fromServerId: "mac-mini", reason: ConnectivityError(code: .connect, message: "refused"))
        alerts += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 10)))
        state.settings.fallback = nil
        alerts += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 20)))
        alerts += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 601)))
        #expect(alerts.isEmpty, "\(alerts)")
    }
}
