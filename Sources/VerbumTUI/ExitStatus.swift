import BackendClient
import CPlatform
import Glibc

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

    /// The one way the process ends with a status (main, the app's quit, the monitor's finish, a
    /// failed stdout): a libcurl load begun on its own thread is finished first
    /// (`CurlLibrary.settle`), since exit's handlers would tear its libraries down under it.
    static func end(_ status: Int32) -> Never {
        CurlLibrary.settle()
        exit(status)
    }
}
