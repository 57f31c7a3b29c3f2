import Testing
@testable import SettingsStore

/// A mute holds its server's fallback events (SPEC §15.3) across restarts too: a held
/// `fallback_ended` is kept (`holdAlert`) and sent by the next recorder at the mute's end, once;
/// a spell the last recorder left open tells its end only if its start was told.
@Suite("Watch: fallback events held by a mute across restarts")
struct WatchHeldFallbackTests {
    static let start = WatchWorld.start
    static let refused = FallbackInfo(fromServerId: "mac-mini", reason: ConnectivityError(code: .connect, message: "refused"))
    static let mute = MuteList(entries: [MuteList.Entry(serverId: "mac-mini", until: start + 600, reason: nil)])

    /// A recorder started at `at` from what the last one left (mutes.json read first, as
    /// `WatchRuntime.start` does), its server in use checked; `sent`: the alerts of its start.
    static func recorder(inherited: [InheritedIncident] = [], held: [HeldAlert] = [], mutes: MuteList = MuteList(),
                         at: Double, sent: inout [AlertEvent]) -> AppState {
        var state = WatchWorld.hydrated(upConfirmations: 2)
        sent += fallbackAlerts(AppReducer.reduce(&state, .mutesRead(mutes, at: at)))
        sent += fallbackAlerts(AppReducer.reduce(&state, .watchStarted(role: .app, isRecording: true, recorder: nil,
                                                                       inherited: inherited, held: held, at: at)))
        state.settings.connectionStatus = .connected
        state.settings.detailedStatus = ReducerWorld.status(state.settings.currentServer, health: .up, at: at)
        return state
    }

    static func fallbackAlerts(_ effects: [AppEffect]) -> [AlertEvent] {
        effects.compactMap { effect in
            guard case .sendAlert(let alert) = effect, alert.kind == .fallbackStarted || alert.kind == .fallbackEnded else { return nil }
            return alert
        }
    }

    @Test func aFallbackEndedHeldWhenTheRecorderStopsIsSentByTheNextAtTheMuteEnd() {
        var started: [AlertEvent] = []
        var first = Self.recorder(at: Self.start, sent: &started)
        first.settings.fallback = Self.refused
        started += Self.fallbackAlerts(AppReducer.reduce(&first, .muteTimerFired(at: Self.start + 10)))
        #expect(started.map(\.kind) == [.fallbackStarted])
        _ = AppReducer.reduce(&first, .mutesRead(Self.mute, at: Self.start + 20))
        // The box uses mac-mini again (the event that changed the settings, as `AppReducer` settles it).
        first.settings.fallback = nil
        let ended = WatchReducer.settle(&first.watch, settings: first.settings, fallbackBefore: Self.refused, at: Self.start + 30)
        #expect(Self.fallbackAlerts(ended).isEmpty, "the mute holds it")
        let held = ended.compactMap { effect -> HeldAlert? in if case .holdAlert(let alert) = effect { alert } else { nil } }
        #expect(held.map(\.key) == ["fallback_ended:mac-mini:\(Int(Self.start + 10))"])

        // The recorder stops; the next one starts with what the outbox held (history closed the spell).
        var sent: [AlertEvent] = []
        var next = Self.recorder(held: held, mutes: Self.mute, at: Self.start + 100, sent: &sent)
        sent += Self.fallbackAlerts(AppReducer.reduce(&next, .muteTimerFired(at: Self.start + 200)))
        #expect(sent.isEmpty, "still muted")
        sent = Self.fallbackAlerts(AppReducer.reduce(&next, .muteTimerFired(at: Self.start + 601)))
        sent += Self.fallbackAlerts(AppReducer.reduce(&next, .muteTimerFired(at: Self.start + 602)))
        #expect(sent.map(\.kind) == [.fallbackEnded], "once, at the mute's end")
        #expect(sent.first?.since == Self.start + 10)
        #expect(sent.first?.durationSeconds == 20)
        #expect(next.watch.held.isEmpty)
    }

    @Test(arguments: [true, false])
    func anInheritedSpellTellsItsEndOnlyIfItsStartWasTold(startAlerted: Bool) {
        let left = InheritedIncident(serverId: "fallback:mac-mini", start: Self.start - 300, reasonCode: "connect",
                                     downAlerted: startAlerted)
        var sent: [AlertEvent] = []
        var state = Self.recorder(inherited: [left], at: Self.start, sent: &sent)
        // The settings know now: no fallback (it ended while no recorder ran).
        sent += Self.fallbackAlerts(AppReducer.reduce(&state, .muteTimerFired(at: Self.start + 1)))
        #expect(sent.map(\.kind) == (startAlerted ? [.fallbackEnded] : []), "\(sent)")
        #expect(sent.allSatisfy { $0.resolvedOnStart })
    }
}
