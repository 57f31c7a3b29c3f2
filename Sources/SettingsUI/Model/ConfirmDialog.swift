/// A yes/no question with the command that runs on yes (remove a server, add an unreachable one).
public struct ConfirmDialog: Hashable, Sendable {
    public var message: UIMessage
    public var command: UICommand
    /// Shown in the pane after yes / after no.
    public var confirmedMessage: UIMessage?
    public var declinedMessage: UIMessage?
    /// "No" has focus first, so a stray Enter never removes anything.
    public var isYesFocused: Bool

    public init(message: UIMessage, command: UICommand, confirmedMessage: UIMessage? = nil,
                declinedMessage: UIMessage? = nil, isYesFocused: Bool = false) {
        self.message = message
        self.command = command
        self.confirmedMessage = confirmedMessage
        self.declinedMessage = declinedMessage
        self.isYesFocused = isYesFocused
    }
}
