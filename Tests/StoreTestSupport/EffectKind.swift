import AppCore

/// An effect's case without its values: what a test answers, claims or ignores. The switch has
/// no `default`, so a new effect does not compile here until a test harness knows of it.
public enum EffectKind: String, CaseIterable, Sendable {
    case writeSettings, persistAppState, readSettingsFile
    case scheduleProbe, scheduleRecoveryProbe, schedulePaneRetest
    case probe, testRow, probeRecovery, testSwitchTarget, advanceSwitch, saveServerData, restoreServerData
    case verifyToken, signIn, signOut, updateTransport, inspectMDNS, stopConnectivity, testAddress, inspectCABundle
    case redrawScreen, quit, queryFleet
    case testServers, scheduleRound, roundFinished, record, openIncident, closeIncident, sendAlert, holdAlert, dropHeldAlert
    case recordAlertOutcome, deliverOutbox, checkRecorder, pruneHistory, scheduleMuteEnd, changeDrill
    case scheduleDrillEnd, readHistory, addIncidentNote, writeStatusPage

    /// The timers: the runner keeps one of each kind (a new one replaces the one waiting), and
    /// the test store keeps them on its virtual timeline.
    public static let timers: Set<EffectKind> = [.scheduleProbe, .scheduleRecoveryProbe, .schedulePaneRetest,
                                                 .scheduleRound, .scheduleMuteEnd, .scheduleDrillEnd]

    /// The timers `stopConnectivity` cancels, as the connectivity runner does.
    static let connectivityTimers: Set<EffectKind> = [.scheduleProbe, .scheduleRecoveryProbe, .schedulePaneRetest]

    public var isTimer: Bool { Self.timers.contains(self) }
}

extension AppEffect {
    public var isTimer: Bool { kind.isTimer }

    public var kind: EffectKind {
        switch self {
        case .writeSettings: .writeSettings
        case .persistAppState: .persistAppState
        case .readSettingsFile: .readSettingsFile
        case .scheduleProbe: .scheduleProbe
        case .scheduleRecoveryProbe: .scheduleRecoveryProbe
        case .schedulePaneRetest: .schedulePaneRetest
        case .probe: .probe
        case .testRow: .testRow
        case .probeRecovery: .probeRecovery
        case .testSwitchTarget: .testSwitchTarget
        case .advanceSwitch: .advanceSwitch
        case .saveServerData: .saveServerData
        case .restoreServerData: .restoreServerData
        case .verifyToken: .verifyToken
        case .signIn: .signIn
        case .signOut: .signOut
        case .updateTransport: .updateTransport
        case .inspectMDNS: .inspectMDNS
        case .stopConnectivity: .stopConnectivity
        case .testAddress: .testAddress
        case .inspectCABundle: .inspectCABundle
        case .redrawScreen: .redrawScreen
        case .quit: .quit
        case .queryFleet: .queryFleet
        case .testServers: .testServers
        case .scheduleRound: .scheduleRound
        case .roundFinished: .roundFinished
        case .record: .record
        case .openIncident: .openIncident
        case .closeIncident: .closeIncident
        case .sendAlert: .sendAlert
        case .holdAlert: .holdAlert
        case .dropHeldAlert: .dropHeldAlert
        case .recordAlertOutcome: .recordAlertOutcome
        case .deliverOutbox: .deliverOutbox
        case .checkRecorder: .checkRecorder
        case .pruneHistory: .pruneHistory
        case .scheduleMuteEnd: .scheduleMuteEnd
        case .changeDrill: .changeDrill
        case .scheduleDrillEnd: .scheduleDrillEnd
        case .readHistory: .readHistory
        case .addIncidentNote: .addIncidentNote
        case .writeStatusPage: .writeStatusPage
        }
    }

    /// A timer's delay and the event it fires with, at the time it is due; nil for the other
    /// effects, and for `schedulePaneRetest(after: nil)`, which cancels.
    var timer: (delay: Double, fire: (Double) -> AppEvent)? {
        switch self {
        case let .scheduleProbe(generation, delay): (delay, { .probeTimerFired(generation: generation, at: $0) })
        case let .scheduleRecoveryProbe(generation, delay): (delay, { .recoveryTimerFired(generation: generation, at: $0) })
        case let .schedulePaneRetest(delay?): (delay, { .paneRetestTimerFired(at: $0) })
        case let .scheduleRound(round, delay): (delay, { .roundTimerFired(round: round, at: $0) })
        case .scheduleMuteEnd(let delay): (delay, { .muteTimerFired(at: $0) })
        case .scheduleDrillEnd(let delay): (delay, { .drillTimerFired(at: $0) })
        default: nil
        }
    }
}
