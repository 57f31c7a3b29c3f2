import ArgumentParser
import Localization

/// Help, completion scripts and the man page are generated from the command definitions, so
/// they must not change with the user's locale: their text is the English catalog's `cli.help.*`.
enum HelpText {
    static func text(_ key: String) -> String {
        Localizer(language: .en).text(key)
    }

    static func help(_ key: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text(key), valueName: valueName)
    }
}
