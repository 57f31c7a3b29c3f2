import ArgumentParser
import Localization
import SettingsStore

/// Options every command accepts, before or after its name (docs/PRODUCT.md: The command line).
///
/// The root command and every subcommand declare this group. swift-argument-parser reads a
/// parent command's options from all the arguments, those after the subcommand's name too,
/// and hands the group it decoded for the root to each subcommand's `@OptionGroup` of the
/// same type, so `--home DIR servers` and `servers --home DIR` mean the same. Help, completion
/// scripts and the man page are generated from these declarations.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: HelpText.help("cli.help.home", valueName: "dir"),
            completion: .directory)
    var home: String?

    @Option(name: .long, help: HelpText.help("cli.help.env", valueName: "name"),
            completion: .list(AppEnvironment.allCases.map(\.rawValue)))
    var env: AppEnvironment?

    @Option(name: .long, help: HelpText.help("cli.help.lang_option", valueName: "code"),
            completion: .list(AppLanguage.allCases.map(\.rawValue)))
    var lang: AppLanguage?

    @Option(name: .long, help: HelpText.help("cli.help.cacert", valueName: "file"),
            completion: .file())
    var cacert: String?

    @Option(name: .customLong("connect-to"), parsing: .singleValue,
            help: HelpText.help("cli.help.connect_to", valueName: "spec"))
    var connectTo: [String] = []

    @Flag(name: .customLong("no-color"), help: HelpText.help("cli.help.no_color"))
    var noColor = false

    @Flag(name: .long, help: HelpText.help("cli.help.plain"))
    var plain = false
}

/// `--lang`: the app's one parser of language codes (`ja`, `zh-TW`, `ZH_hant`…). An unknown
/// code is refused by the parser, in the words `ParserErrorText` gives it (`cli.lang_unknown`).
extension AppLanguage: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(code: argument)
    }

    /// The option's help text names the codes in the run's language (the catalog), so the
    /// parser adds no English `(values: …)` of its own; completions are declared with the option.
    public static var allValueStrings: [String] { [] }
}

/// `--env`: the three environments by name; an unknown one is refused by the parser
/// (`cli.invalid_env`, exit 64), as `VERBUMCARE_ENV` is by `CommandContext`.
extension AppEnvironment: ExpressibleByArgument {
    /// As for `AppLanguage`: the help text names them.
    public static var allValueStrings: [String] { [] }
}
