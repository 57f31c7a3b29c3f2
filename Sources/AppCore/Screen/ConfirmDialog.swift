/// A yes/no question and what yes does (remove a server, add one that did not answer).
public struct ConfirmDialog: Equatable, Sendable {
    /// What yes does.
    public enum Action: Equatable, Sendable {
        case removeCustomServer(id: String)
        case addUnreachable(address: String)
    }

    public var message: AppError
    public var action: Action
    /// The pane's note after no.
    public var declinedMessage: AppError?
    /// "No" has focus first, so a stray Enter never removes anything.
    public var isYesFocused: Bool

    public init(message: AppError, action: Action, declinedMessage: AppError? = nil, isYesFocused: Bool = false) {
        self.message = message
        self.action = action
        self.declinedMessage = declinedMessage
        self.isYesFocused = isYesFocused
    }
}
