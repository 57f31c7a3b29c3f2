/// What a binding does; `ScreenReducer` interprets it for the state it is pressed in.
public enum KeyAction: String, Hashable, Sendable, CaseIterable {
    case acceptSuggestion
    case nextArea
    case nextField
    case move
    /// PgUp/PgDn: a screenful in a scrolling view.
    case page
    /// Home/End: the first or the last line of a scrolling view.
    case ends
    case adjust
    case choose
    case toggle
    case submit
    case dismiss
    case switchBack
    case editText
    case remove
    case openSettings
    case nextLanguage
    case chooseLanguage
    /// The pane's list: a digit chooses the row with that number (the screen-reader mode reads
    /// the rows numbered).
    case chooseNumbered
    case test
    case testAll
    case signIn
    case help
    case closeHelp
    case history
    case closeHistory
    case writeNote
    case acknowledgeDrill
    case cancelSwitch
    case cancelEdit
    case leavePane
    case cancelDialog
    case quit
    case redraw
    /// The fleet view: `/` starts typing a filter.
    case filter
    /// The fleet view: `r` asks the central Prometheus again now.
    case refresh
}

extension KeyAction {
    /// How long a footer hint stays when the footer is short of room: hints go from the highest
    /// rank first, and the rest keep the table's order. Ways out and help stay longest, then
    /// what the focused area does, then moving around.
    public var footerRank: Int {
        switch self {
        case .quit, .help, .closeHelp, .history, .closeHistory: 0
        case .cancelSwitch, .cancelEdit, .leavePane, .cancelDialog: 1
        case .submit, .acceptSuggestion, .choose, .toggle, .dismiss, .switchBack: 2
        case .test, .testAll, .openSettings, .signIn, .acknowledgeDrill, .filter, .refresh, .writeNote: 3
        case .remove, .adjust: 4
        case .move, .nextField: 5
        case .page, .ends, .nextLanguage, .chooseLanguage, .chooseNumbered: 6
        case .nextArea: 7
        case .editText, .redraw: 8
        }
    }
}
