/// The one function that changes the app's state: `(state, event) → (new state, effects)`.
///
/// It composes two parts, each owning its slice: `ScreenReducer` takes what the person does on
/// the screen (keys, the pane's own tests) and turns it into changes of `state.screen` and into
/// events of the settings vocabulary, which `SettingsReducer` applies to `state.settings` in the
/// same call (the way a parent feature scopes a child in swift-composable-architecture). Every
/// other event goes to `SettingsReducer` directly. Pure: no I/O, no clock, no threads; effects
/// come back as events.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
        reduceTracing(&state, event).effects
    }

    /// `reduce`, also telling which settings events a screen event was turned into (what a
    /// key did, in the vocabulary of the store: for the log and for tests).
    public static func reduceTracing(_ state: inout AppState, _ event: AppEvent) -> (effects: [AppEffect], sent: [AppEvent]) {
        let requestBefore = state.settings.loginRequest
        let result = reduceSlices(&state, event)
        followLoginRequest(from: requestBefore, in: &state)
        return result
    }

    /// The sign-in form (the screen's) lives as long as the request it answers (the settings'):
    /// a new one, for another server or another reason, starts with that server's last user
    /// name and no password; the form goes, its password with it, when the request does.
    static func followLoginRequest(from before: LoginRequest?, in state: inout AppState) {
        let request = state.settings.loginRequest
        guard request?.serverId != before?.serverId || request?.reason != before?.reason else { return }
        state.screen.loginForm = request.map { LoginForm(username: state.settings.lastUserNames[$0.serverId] ?? "") }
    }

    private static func reduceSlices(_ state: inout AppState, _ event: AppEvent) -> (effects: [AppEffect], sent: [AppEvent]) {
        // The watch takes the fallback's start and end where this event changes it.
        let fallbackBefore = state.settings.fallback
        var reducer = ScreenReducer(state: state, at: event.screenTime ?? 0)
        switch event {
        case .key(let key, _):
            reducer.handle(key)
        case .clicked(let target, _):
            reducer.click(target)
        case .viewportMeasured(let viewport):
            reducer.viewportMeasured(viewport)
        case let .addressTested(address, summary, _):
            reducer.addressTested(address: address, summary: summary)
        case let .caBundleInspected(path, refusal, _):
            reducer.caBundleInspected(path: path, refusal: refusal)
        case let .fleetOpened(source, _):
            var fleet = FleetState(source: source)
            fleet.querying = true
            reducer.state.screen.fleet = fleet
            reducer.effects.append(.queryFleet)
        case let .fleetAnswered(rows, at):
            reducer.fleetAnswered(rows: rows, at: at)
        case let .fleetQueryFailed(problem, _):
            reducer.fleetQueryFailed(problem)
        case let .incidentNoteWritten(incidentId, problem, _):
            reducer.noteWritten(incidentId: incidentId, problem: problem)
        default:
            // During a drill connectivity sees the drilled server fail; the watch gets the real
            // results too (it records them, and sees them failing itself: SPEC §16).
            let seen = DrillPolicy.seen(event, drill: state.watch.drills.open,
                                        connectionTimeout: state.settings.connectionTimeout)
            state.screen.apply(paneEvent: event)
            var effects = SettingsReducer.reduce(&state.settings, seen, paneOpen: state.screen.isSettingsPaneOpen)
            effects += WatchReducer.reduce(&state.watch, event, settings: state.settings, fallbackBefore: fallbackBefore)
            return (effects, [])
        }
        state = reducer.state
        var effects = reducer.effects
        // The settings events a key was turned into may change the fallback (a switch chosen).
        if let at = event.time {
            effects += WatchReducer.settle(&state.watch, settings: state.settings, fallbackBefore: fallbackBefore, at: at)
        }
        return (effects, reducer.sent)
    }
}

extension AppEvent {
    /// The time a screen event carries; nil for the settings events.
    var screenTime: Double? {
        switch self {
        case .key(_, let at), .clicked(_, let at), .addressTested(_, _, let at), .caBundleInspected(_, _, let at),
             .fleetOpened(_, let at), .fleetAnswered(_, let at), .fleetQueryFailed(_, let at),
             .incidentNoteWritten(_, _, let at): at
        default: nil
        }
    }
}
