import ArgumentParser

/// Options every command accepts, before or after its name (docs/PRODUCT.md: The command line).
///
/// swift-argument-parser gives each command only the options it declares, so this group is
/// declared by the root command and by every subcommand; `ArgumentNormalizer` moves the
/// ones written before a subcommand's name to after it, where that subcommand parses them.
/// Help, completion scripts and the man page are generated from these declarations.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: HelpText.help("cli.help.home", valueName: "dir"),
            completion: .directory)
    var home: String?

    @Option(name: .long, help: HelpText.help("cli.help.env", valueName: "name"),
            completion: .list(["production", "staging", "development"]))
    var env: String?

    @Option(name: .long, help: HelpText.help("cli.help.lang_option", valueName: "code"),
            completion: .list(["ja", "en", "zh-Hant"]))
    var lang: String?

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

    /// Names of the options above that take a value, for `ArgumentNormalizer`.
    static let valueOptionNames: Set<String> = ["--home", "--env", "--lang", "--cacert", "--connect-to"]
    static let flagNames: Set<String> = ["--no-color", "--plain"]
}
