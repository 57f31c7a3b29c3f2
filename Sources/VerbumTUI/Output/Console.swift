#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppCore
import Localization
import SettingsStore
import Synchronization

/// Where the command line writes, and in which language.
///
/// Stream rule (docs/PRODUCT.md: The command line "messages for people go to stderr, JSON goes to stdout"), made
/// precise: the *result* of the command the user asked for — a JSON document, a listing,
/// a validation verdict, a confirmation such as "saved" — is the command's output and goes
/// to stdout, so it can be piped. Diagnostics go to stderr: errors, warnings, problems found
/// in files, usage hints. A script therefore sees only the answer on stdout, and a person
/// sees both.
struct Console: Sendable {
    let localizer: Localizer

    init(language: AppLanguage) {
        localizer = Localizer(language: language)
    }

    /// A message in the run's language; a `{host}` reads as the person knows it (Unicode).
    func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        localizer.text(key, ReadableHostParameter.worded(parameters))
    }

    /// The command's result, to stdout. Adds a newline unless the text ends with one.
    func output(_ text: String) {
        Self.emit(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    func output(json: JSON) {
        Self.emit(json.rendered, to: STDOUT_FILENO)
    }

    /// A localized diagnostic line, to stderr.
    func diagnostic(_ text: String) {
        Self.emit(text + "\n", to: STDERR_FILENO)
    }

    func error(_ key: String, _ parameters: [String: String] = [:]) {
        diagnostic(text("cli.error.prefix") + ": " + text(key, parameters))
    }

    func warning(_ key: String, _ parameters: [String: String] = [:]) {
        diagnostic(text("cli.warning.prefix") + ": " + text(key, parameters))
    }

    /// Problems found while reading a file are told on every run that sees them (docs/PRODUCT.md: Files).
    func report(_ problems: [FileProblem]) {
        for problem in problems {
            warning(problem.key, problem.parameters)
        }
    }

    /// Unbuffered `write(2)`: nothing is lost when the process exits right after, and the
    /// C `stdout`/`stderr` globals are not concurrency-safe in Swift 6. Every byte the command
    /// line prints passes here, through the one sanitizer (line breaks kept), so no value from
    /// a file, an argument or a server reaches the terminal with a control sequence in it.
    static func emit(_ text: String, to fd: Int32) {
        var bytes = Array(TextSanitizer.clean(text, keepingLineBreaks: true).utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`| head`: EPIPE, SIGPIPE being ignored), a full disk: the
                // result did not arrive, and the command must not end as if it had.
                let error = errno
                if fd == STDOUT_FILENO { outputFailure.withLock { $0 = $0 ?? error } }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The first error writing stdout met, if any.
    private static let outputFailure = Mutex<Int32?>(nil)

    /// SPEC §11: a stdout that could not be written is a failure, exit 1 with a message on
    /// stderr, never 0 and never a signal. Called when the command has ended, either way.
    static func exitIfOutputFailed() {
        guard let error = outputFailure.withLock({ $0 }) else { return }
        let console = Console(language: HelpText.language)
        console.error("cli.error.output_failed", ["reason": String(cString: strerror(error))])
        ExitStatus.end(1)
    }
}
