/// The start-up questions while the app runs (SPEC §10.4: the first frame never waits for the
/// terminal). Every byte read from the terminal passes through here before ncurses decodes keys:
/// the answers are taken out, whenever they come, and the rest goes on as typed keys, in order.
/// An answer never reaches the app as keys (its Escape would close an overlay), however late.
public struct ProbeSession: Sendable {
    public let questions: TerminalProbe.Questions
    /// Everything answered so far.
    public private(set) var answers: TerminalProbe.Answers
    private var replies = TerminalReplies()
    private var reportsSeen = 0

    public init(questions: TerminalProbe.Questions) {
        self.questions = questions
        answers = TerminalProbe.Answers(complete: questions.isEmpty)
    }

    /// Bytes read from the terminal: the typed keys among them, and whether an answer came.
    /// The start of an answer cut at the end is held back (`isHolding`) for the next read.
    public mutating func read(_ bytes: [UInt8]) -> (keys: [UInt8], answered: Bool) {
        replies.feed(bytes)
        let came = replies.takeReplies()
        for reply in came { apply(reply) }
        return (replies.takeKeys(), !came.isEmpty)
    }

    /// Bytes held back as the start of an answer that no more bytes followed: keys after all
    /// (an Escape pressed alone).
    public mutating func release() -> [UInt8] {
        replies.finish()
        return replies.takeKeys()
    }

    public var isHolding: Bool { replies.isHolding }

    private mutating func apply(_ reply: TerminalReplies.Reply) {
        switch reply {
        case .cursorPosition(_, let column):
            // The first report answers the width question; any later one is no question of ours.
            reportsSeen += 1
            if questions.width && reportsSeen == 1 { answers.ambiguousWide = AmbiguousWidth.fromColumn(column) }
        case let .background(red, green, blue):
            if questions.background { answers.background = TerminalBackground.fromColour(red: red, green: green, blue: blue) }
        case let .modeReport(mode, value):
            if questions.synchronizedOutput && mode == TerminalProbe.synchronizedOutputMode {
                answers.synchronizedOutput = value == 1 || value == 2
            }
        case .deviceAttributes:
            answers.complete = true
        }
    }
}
