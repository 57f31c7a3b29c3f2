/// What a binding does; `UIUpdate` interprets it for the state it is pressed in.
public enum KeyAction: String, Hashable, Sendable, CaseIterable {
    case acceptSuggestion
    case nextArea
    case nextField
    case move
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
    case test
    case testAll
    case signIn
    case help
    case closeHelp
    case cancelSwitch
    case cancelEdit
    case leavePane
    case cancelDialog
    case quit
    case redraw
}
