#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import BackendClient
import CPlatform
import Localization

// Entry point. Core dumps are turned off before anything else runs: later this process may
// hold a password or sign-in tokens, and a core file would keep them on disk.
_ = vc_disable_core_dumps()
_ = vc_unblock_crash_signals()
// Before any thread starts: glibc gives each thread that allocates an arena of its own (up to
// eight per core), and what one arena frees the others never reuse. The app's threads (dispatch
// workers, the libcurl engine, the file watchers) allocate little and seldom at once; one arena
// is about 0.4 MB less resident with probing (Benchmarks/scripts/memory-probe.py).
_ = vc_single_malloc_arena()
if RequestCommandGuess.sendsRequests(CommandLine.unsafeArgv, count: CommandLine.argc) {
    CurlLibrary.preload()
}

// Global options may come before or after a subcommand's name (docs/COMMAND-LINE.md);
// `ArgumentNormalizer` puts them where swift-argument-parser looks for them.
let arguments = Array(CommandLine.arguments.dropFirst())
if ArgumentNormalizer.asksForVersion(arguments) {
    Console.emit(VerbumTUIVersion.versionLine + "\n", to: STDOUT_FILENO)
    exit(0)
}
// As `ParsableCommand.main`, except that what the parser prints (its errors repeat the
// arguments given) goes through `Console`, and so through the one sanitizer.
do {
    let direct = getenv(DirectInvocation.parserOnlyVariable) == nil ? DirectInvocation.read(arguments) : nil
    switch direct {
    case .app(let options):
        try VerbumTUICommand.startApp(global: options)
    case .check(let command):
        try command.run()
    case .status(let command):
        try command.run()
    case nil:
        let normalized = ArgumentNormalizer.normalize(arguments)
        var command = try VerbumTUICommand.parseAsRoot(normalized)
        try command.run()
    }
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
    exit(code.rawValue)
}
