/// Who runs an effect: the one decision, made here and nowhere else. The switch has no
/// `default`, so a new effect does not compile until it is given to a runner. The loop routes
/// each effect to its runner alone; a runner never sees another's effects. (One effect runner
/// for all of them is issue 25's; this is the routing it will replace.)
public enum EffectRunner: Sendable, Equatable {
    /// The store: settings.json and app-state.json, at once, inside `dispatch`.
    case store
    /// The app's loop: quitting, redrawing, the fleet's query.
    case loop
    /// The connectivity runtime: probes, switches, sign-in, the pane's tests and their timers.
    case connectivity
    /// The watch runtime: rounds, history, alerts, mutes, drills, the status page.
    case watch
}

extension AppEffect {
    public var runner: EffectRunner {
        switch self {
        case .writeSettings, .persistAppState, .readSettingsFile:
            .store
        case .redrawScreen, .quit, .queryFleet:
            .loop
        case .scheduleProbe, .scheduleRecoveryProbe, .schedulePaneRetest, .probe, .testRow, .probeRecovery,
             .testSwitchTarget, .advanceSwitch, .saveServerData, .restoreServerData, .verifyToken, .signIn, .signOut,
             .updateTransport, .inspectMDNS, .stopConnectivity, .testAddress, .inspectCABundle:
            .connectivity
        case .testServers, .scheduleRound, .roundFinished, .record, .openIncident, .closeIncident, .sendAlert,
             .recordAlertOutcome, .deliverOutbox, .checkRecorder, .pruneHistory, .scheduleMuteEnd, .changeDrill,
             .scheduleDrillEnd, .readHistory, .addIncidentNote, .writeStatusPage:
            .watch
        }
    }
}
