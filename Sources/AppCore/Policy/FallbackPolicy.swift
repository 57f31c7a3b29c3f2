/// When the app uses pn51 instead of the configured server, and when it offers to go back.
/// The reducer (the app) and `status` (the command line) decide with these same functions.
///
/// The configured server counts as unreachable when its `health` check fails in a confirmed
/// way: in the app, a connected server's failed probe and its immediate re-test (see
/// `ProbeSchedule`); when a server is first tested (on start, after a settings change, in
/// `status`), one test of the four checks with one attempt each, because `status` must answer
/// within the connection timeout plus one second per server tried. Then, when
/// `auto_switch_on_failure` is on and the configured server is not pn51 itself, pn51 is
/// tested; if it is healthy it is used with the source `fallback`, otherwise the configured
/// server stays shown with status `error` (both unreachable). With the setting off the
/// configured server stays, in error.
///
/// During a fallback the configured server is watched in the background. Its return is an
/// offer (`s`), never a forced switch, while pn51 answers; but a fallback never holds the app
/// on a dead server: when pn51 fails and the configured server answers, the app goes back to
/// it at once (`returnsToConfigured`). `status` follows a fallback app-state.json records with
/// the same rule (`decideDuringFallback`), so the app, `status`, `servers` and the file name
/// one server in use.
public enum FallbackPolicy {
    public static var fallbackServerId: String { ServerCatalog.defaultServerId }

    /// Whether a failure of `failed` (the configured server) should lead to testing pn51.
    public static func shouldTryFallback(failed: ServerConfig, autoSwitchOnFailure: Bool) -> Bool {
        autoSwitchOnFailure && failed.id != fallbackServerId
    }

    public enum Decision: Equatable, Sendable {
        /// The configured server is healthy.
        case configured
        /// The configured server failed and pn51 is healthy: use pn51.
        case fallback(FallbackInfo)
        /// The configured server failed; no fallback was allowed (setting off, or it is pn51).
        case configuredFailed(ConnectivityError)
        /// Both failed: the configured server stays shown, in error (during a fallback: pn51,
        /// the last server in use).
        case allUnreachable(ConnectivityError)
        /// During a fallback: pn51 answers and so does the configured server again. The
        /// fallback goes on; the switch back is offered, not made.
        case switchBackOffered
        /// During a fallback: pn51 failed (its reason) while the configured server answers:
        /// back to the configured server at once, the fallback ended.
        case fallbackEnded(ConnectivityError)
    }

    /// `fallbackResult` is the test of pn51, made only when `shouldTryFallback` said so.
    public static func decide(configured: ServerConfig, configuredResult: DetailedStatus,
                              fallbackResult: DetailedStatus?, autoSwitchOnFailure: Bool) -> Decision {
        if configuredResult.isHealthy { return .configured }
        let reason = ConnectivityMessages.failureReason(configuredResult)
        guard shouldTryFallback(failed: configured, autoSwitchOnFailure: autoSwitchOnFailure),
              let fallbackResult else {
            return .configuredFailed(reason)
        }
        return outcome(configured: configured, failedWith: reason, fallbackResult: fallbackResult)
    }

    /// The configured server failed with `reason` and pn51 was tested: use pn51 if it is
    /// healthy, otherwise both are unreachable.
    public static func outcome(configured: ServerConfig, failedWith reason: ConnectivityError,
                               fallbackResult: DetailedStatus) -> Decision {
        fallbackResult.isHealthy
            ? .fallback(FallbackInfo(fromServerId: configured.id, reason: reason))
            : .allUnreachable(reason)
    }

    /// The rule that keeps a fallback from holding on to a dead server (SPEC §6.5): pn51, in
    /// use, failed and the configured server answers.
    public static func returnsToConfigured(fallbackHealthy: Bool, configuredAnswers: Bool) -> Bool {
        !fallbackHealthy && configuredAnswers
    }

    /// `status` during a fallback app-state.json records (the app or the monitor uses pn51
    /// instead of `configured`): both were tested; the same rule as the app's.
    public static func decideDuringFallback(configured: ServerConfig, configuredResult: DetailedStatus,
                                            fallbackResult: DetailedStatus) -> Decision {
        if returnsToConfigured(fallbackHealthy: fallbackResult.isHealthy, configuredAnswers: configuredResult.isHealthy) {
            return .fallbackEnded(ConnectivityMessages.failureReason(fallbackResult))
        }
        if configuredResult.isHealthy { return .switchBackOffered }
        return outcome(configured: configured, failedWith: ConnectivityMessages.failureReason(configuredResult),
                       fallbackResult: fallbackResult)
    }

    /// The app: a fallback holds pn51 in error while the app's latest test of the configured
    /// server (the background watch's or the pane's) found it answering. Nothing else may run
    /// then but the switch back.
    public static func returnsToConfigured(_ state: SettingsState) -> Bool {
        guard state.connectivity.isActive, state.connectivity.activeSwitch == nil,
              state.serverSource == .fallback, let fallback = state.fallback else { return false }
        return returnsToConfigured(fallbackHealthy: state.connectionStatus != .error,
                                   configuredAnswers: state.serverStatuses[fallback.fromServerId]?.status == .connected)
    }

    /// While the configured server stays in error and pn51 could not be used, pn51 is tried
    /// again at most this often (seconds): as often as a failing server is re-tested, so a pn51
    /// that returns is used within 10 s (SPEC §6.4), and the app and a fresh `status` (which
    /// tries pn51 every time) agree again within that time.
    public static let retryInterval = ProbeSchedule.backoffCap

    /// The switch back is offered (and `s` works) once the configured server answers again
    /// during a fallback; it is never made without the person's word.
    public static func offersSwitchBack(_ state: SettingsState) -> Bool {
        state.fallback?.configuredRecovered == true && !state.serverSwitchState.isInProgress
    }

    /// The server the fallback uses: pn51 as the list knows it (its timeout follows the settings).
    public static func fallbackServer(in servers: [ServerConfig]) -> ServerConfig {
        servers.first { $0.id == fallbackServerId } ?? ServerCatalog.defaultServer
    }
}
