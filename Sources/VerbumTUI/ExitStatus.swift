import CPlatform

/// Exit statuses the process ends with (docs/COMMAND-LINE.md): 0 success, 1 failure,
/// 2 not connected, 64 usage error, and 128+N after signal N, as shells report it.
enum ExitStatus {
    /// The status after signal `signal` (SIGTERM 15 → 143). The full-screen app's quit path
    /// uses it for SIGINT, SIGTERM, SIGHUP and SIGQUIT so a script can tell a quit by signal
    /// from a normal quit.
    static func afterSignal(_ signal: Int32) -> Int32 { 128 + signal }

    /// For the subcommands: a termination signal ends the run at once with `afterSignal`.
    /// Files stay consistent: writes are atomic, and a temporary file left by an interrupted
    /// write is swept at the next start.
    static func exitOnTerminationSignals() {
        _ = vc_exit_with_status_on_termination_signals()
    }
}
