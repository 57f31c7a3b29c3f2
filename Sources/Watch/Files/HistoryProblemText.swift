import History
import SettingsStore

/// A history problem in words for people (stderr of `history` and `monitor`, `doctor`): the
/// catalog key and its parameters. Logs keep the problem's own English form.
public enum HistoryProblemText {
    public static func message(_ problem: HistoryProblem) -> (key: String, parameters: [String: String]) {
        switch problem {
        case .refused(let path, _):
            ("cli.history.problem.refused", ["path": TextSanitizer.clean(path)])
        case .busy:
            ("cli.history.problem.busy", [:])
        case let .unreadable(_, reason):
            ("cli.history.problem.damaged", ["reason": TextSanitizer.clean(reason)])
        case .corrupt(let reason):
            ("cli.history.problem.damaged", ["reason": TextSanitizer.clean(reason)])
        case .missing(let path):
            ("cli.history.none", ["path": TextSanitizer.clean(path)])
        case .io(let reason):
            ("cli.history.problem.other", ["reason": TextSanitizer.clean(reason)])
        case .readOnly:
            ("cli.history.problem.other", ["reason": "read-only"])
        }
    }

    /// Damage the recorder (or `history`, when nobody records) moves aside.
    public static func isDamage(_ problem: HistoryProblem) -> Bool {
        switch problem {
        case .unreadable, .corrupt: true
        default: false
        }
    }
}
