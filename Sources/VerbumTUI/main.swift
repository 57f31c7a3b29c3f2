#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CPlatform
import Localization

// Entry point. Core dumps are turned off before anything else runs: later this process may
// hold a password or sign-in tokens, and a core file would keep them on disk.
_ = vc_disable_core_dumps()
_ = vc_unblock_crash_signals()
// No process of the product is ended by a peer (SPEC §15.3): a hook that exits without reading
// its stdin, a closed stdout, a server that hangs up make a write fail with EPIPE, which the
// writer handles, instead of killing the monitor, the app or the command with SIGPIPE. Before
// any thread starts, so that every thread sees it.
_ = vc_ignore_sigpipe()
// Before any thread starts: glibc gives each thread that allocates an arena of its own (up to
// eight per core), and what one arena frees the others never reuse. The app's threads (dispatch
// workers, the libcurl engine, the file watchers) allocate little and seldom at once; one arena
// is about 0.5 MB less resident with probing (docs/PERFORMANCE.md: Memory).
_ = vc_single_malloc_arena()

// The command line is read once, by swift-argument-parser (docs/COMMAND-LINE.md): global
// options before or after the command's name, `--version` and `--help` anywhere. As
// `ParsableCommand.main`, except that what the parser prints (its errors repeat the arguments
// given) goes through `Console`, and so through the one sanitizer.
do {
    var command = try CommandLineReading.parse(Array(CommandLine.arguments.dropFirst()))
    try command.run()
    Console.exitIfOutputFailed()
    ExitStatus.end(EXIT_SUCCESS)
} catch {
    let code = VerbumTUICommand.exitCode(for: error)
    // The parser's own words (its errors, a help screen's headings) in the language in use.
    let localizer = Localizer(language: HelpText.language)
    var message = ParserErrorText(localizer: localizer).localized(error, full: VerbumTUICommand.fullMessage(for: error))
    if code == .success { message = HelpScreenText(localizer: localizer).localized(message) }
    if !message.isEmpty {
        Console.emit(message.hasSuffix("\n") ? message : message + "\n",
                     to: code == .success ? STDOUT_FILENO : STDERR_FILENO)
    }
    Console.exitIfOutputFailed()
    ExitStatus.end(code.rawValue)
}
