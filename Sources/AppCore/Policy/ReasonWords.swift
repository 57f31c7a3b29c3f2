import Localization

/// An incident's reason in words, in one language, with its numbers (SPEC §15.2): "HTTP 502",
/// "timeout after 10 s". One home for `history`, `--json`, the `h` view and the textfile.
///
/// No placeholder ever reaches a person: when the reason lacks a number its text needs (an
/// incident recorded before params were kept, a certificate's date that was not kept), the
/// next text that needs only what is there is used: the cause's text, then the code's, then
/// the code's short text, then `error.<code>.generic` (words without numbers).
public enum ReasonWords {
    /// "HTTP 502".
    public static func short(_ reason: IncidentReason, localizer: Localizer) -> String {
        guard let error = reason.error else { return TextSanitizer.clean(reason.code) }
        return words(error, candidates: [ConnectivityMessages.shortKey(error), plainKey(error, "short"),
                                         plainKey(error, "generic")], localizer: localizer)
    }

    /// "Server error (HTTP 502)".
    public static func message(_ reason: IncidentReason, localizer: Localizer) -> String {
        guard let error = reason.error else { return TextSanitizer.clean(reason.code) }
        return words(error, candidates: [ConnectivityMessages.messageKey(error), plainKey(error, "message"),
                                         ConnectivityMessages.shortKey(error), plainKey(error, "short"),
                                         plainKey(error, "generic")], localizer: localizer)
    }

    /// The parameter names the texts of `code` use in any of its variants (the English
    /// catalog; every language uses the same names), and `cause`, which chooses a variant:
    /// what an incident keeps of an error's parameters.
    public static func parameterNames(of code: ConnectivityErrorCode) -> Set<String> {
        let prefix = "error.\(code.rawValue)."
        var names: Set<String> = [ConnectivityCause.parameter]
        for (key, template) in Localizer.catalog(for: .en) where key.hasPrefix(prefix) {
            names.formUnion(Localizer.parameterNames(in: template))
        }
        return names
    }

    private static func plainKey(_ error: ConnectivityError, _ text: String) -> String {
        "error.\(error.code.rawValue).\(text)"
    }

    /// The first candidate text that exists and needs no parameter the error lacks, filled.
    private static func words(_ error: ConnectivityError, candidates: [String], localizer: Localizer) -> String {
        let parameters = ReadableHostParameter.worded(error.parameters.mapValues { TextSanitizer.clean($0) })
        for key in candidates {
            let template = localizer.text(key)
            guard template != key else { continue }  // no such text
            if Localizer.parameterNames(in: template).allSatisfy({ parameters[$0] != nil }) {
                return TextSanitizer.clean(localizer.text(key, parameters))
            }
        }
        return TextSanitizer.clean(error.code.rawValue)
    }
}
