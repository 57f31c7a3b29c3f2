extension AppEvent {
    /// The time the event carries, seconds since 1970; nil for the events that carry none.
    /// The watch decides alerts at this time (the reducer reads no clock).
    public var time: Double? {
        switch self {
        case .settingsFileRead(_, let at), .settingsWritten(_, _, _, let at), .settingsWriteFailed(_, _, let at),
             .appStateWriteFailed(_, let at), .appStateWritten(_, let at), .appStateFileRead(_, let at), .key(_, let at), .clicked(_, let at),
             .addressTested(_, _, let at), .caBundleInspected(_, _, let at), .serverChosen(_, let at),
             .fleetOpened(_, let at), .fleetAnswered(_, let at), .fleetQueryFailed(_, let at),
             .customServerAddRequested(_, let at), .customServerRemoveRequested(_, let at), .paneOpened(let at),
             .paneClosed(let at), .testRequested(let at), .rowTestsRequested(_, let at), .switchBackRequested(let at),
             .switchCancelled(let at), .signInRequested(_, _, let at), .paneNoted(_, _, let at),
             .signOutRequested(let at), .connectivityStarted(let at), .probeTimerFired(_, let at), .paneRetestTimerFired(let at),
             .probeCompleted(_, _, _, let at), .recoveryTimerFired(_, let at), .recoveryProbeCompleted(_, _, let at),
             .switchStepCompleted(_, _, let at), .switchTestCompleted(_, _, _, let at), .signedIn(_, _, let at),
             .signedOut(_, let at), .statusTested(_, _, _, _, let at), .watchStarted(_, _, _, _, _, _, let at),
             .roundTimerFired(_, let at), .recordingTakenOver(_, _, _, let at), .recorderChecked(_, let at), .serversTested(_, _, _, let at), .mutesRead(_, let at),
             .muteTimerFired(let at), .credentialsChecked(_, _, let at), .drillsRead(_, let at), .drillTimerFired(let at),
             .incidentNoteWritten(_, _, let at):
            at
        case .loaded, .viewportMeasured, .languageChosen, .preferencesChanged, .settingsChangeRequested, .noticeDismissed,
             .signInSubmitted, .signInDismissed, .paneNoteWithdrawn, .connectivityStopped,
             .rowTestCompleted, .signInFailed, .mdnsInspected, .serverConfigRead, .historyRead,
             .alertDelivered, .statusPageDirectoryGiven, .monitorStopRequested:
            nil
        }
    }
}
