import PropertyBased
@testable import TerminalBackend
import TerminalRendering
import Testing

/// The probe's answers are picked out of the same stream as typed keys (docs/ARCHITECTURE.md:
/// The start sequence and the terminal probe).
@Suite("Terminal replies")
struct TerminalRepliesTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("cursor reports and OSC 11 answers (ST or BEL, 1 to 4 hex digits, rgba) are answers; keys around them stay keys")
    func parses() {
        var replies = TerminalReplies()
        replies.feed(Self.bytes("a\u{1B}[1;3R\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\b\u{1B}]11;rgb:00/00/00\u{07}\u{1B}]11;rgba:f/f/f/f\u{1B}\\c"))
        replies.finish()
        #expect(replies.cursorReports.map(\.column) == [3])
        #expect(replies.replies.count == 4)
        #expect(replies.replies[1] == .background(red: 1, green: 1, blue: 1))
        #expect(replies.replies[2] == .background(red: 0, green: 0, blue: 0))
        #expect(replies.keys == Self.bytes("abc"))
    }

    @Test("arrow keys, a lone Escape and other OSC numbers are keys, not answers")
    func keysAreNotAnswers() {
        var replies = TerminalReplies()
        let typed = "\u{1B}[A\u{1B}OB\u{1B}\u{1B}]10;rgb:1/1/1\u{07}\u{1B}[12;R"
        replies.feed(Self.bytes(typed))
        replies.finish()
        #expect(replies.replies.isEmpty)
        #expect(replies.keys == Self.bytes(typed))
    }

    @Test("an answer cut between two reads is joined")
    func split() {
        var replies = TerminalReplies()
        replies.feed(Self.bytes("\u{1B}[2"))
        #expect(replies.replies.isEmpty && replies.keys.isEmpty)
        replies.feed(Self.bytes("4;80R\u{1B}]11;rgb:ff"))
        replies.feed(Self.bytes("ff/0/0\u{1B}"))
        replies.feed(Self.bytes("\\"))
        #expect(replies.cursorReports.first?.row == 24)
        #expect(replies.background?.red == 1 && replies.background?.green == 0)
    }

    // MARK: property

    /// What a person might type meanwhile (none can start an answer) and what a terminal answers.
    static let typed = ["a", "q", "日本", "\u{1B}", "\u{1B}OA", "\u{1B}[A", "\r", "1", ";", "R", "]", "[", "\u{1B}[3~"]
    static let answers: [(String, TerminalReplies.Reply)] = [
        ("\u{1B}[?2026;2$y", .modeReport(mode: 2026, value: 2)), ("\u{1B}[?64;1;2;6;22c", .deviceAttributes),
        ("\u{1B}[1;2R", .cursorPosition(row: 1, column: 2)), ("\u{1B}[1;3R", .cursorPosition(row: 1, column: 3)),
        ("\u{1B}[30;100R", .cursorPosition(row: 30, column: 100)),
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", .background(red: 1, green: 1, blue: 1)),
        ("\u{1B}]11;rgb:0000/0000/0000\u{07}", .background(red: 0, green: 0, blue: 0)),
    ]

    @Test("any mix of typed keys and answers, read in any pieces: the answers in order, the keys byte for byte")
    func anyMix() async {
        let pieces = Gen.int(in: 0...(Self.typed.count + Self.answers.count - 1)).array(of: 0...24)
        let cuts = Gen.int(in: 1...9).array(of: 1...40)
        await propertyCheck(count: 300, input: zip(pieces, cuts)) { input in
            let (chosen, sizes) = input
            var stream: [UInt8] = []
            var expectedKeys: [UInt8] = []
            var expectedReplies: [TerminalReplies.Reply] = []
            for index in chosen {
                if index < Self.typed.count {
                    stream += Self.bytes(Self.typed[index])
                    expectedKeys += Self.bytes(Self.typed[index])
                } else {
                    let answer = Self.answers[index - Self.typed.count]
                    stream += Self.bytes(answer.0)
                    expectedReplies.append(answer.1)
                }
            }
            var replies = TerminalReplies()
            var offset = 0
            var cut = 0
            while offset < stream.count {
                let size = sizes[cut % sizes.count]
                replies.feed(Array(stream[offset..<min(stream.count, offset + size)]))
                offset += size
                cut += 1
            }
            replies.finish()
            #expect(replies.replies == expectedReplies)
            #expect(replies.keys == expectedKeys)
        }
    }

    // MARK: DA1, DECRPM and the session

    @Test("DA1 and DECRPM answers are answers; a lone CSI ? sequence of another kind stays keys")
    func deviceAttributesAndModes() {
        var replies = TerminalReplies()
        replies.feed(Self.bytes("x\u{1B}[?2026;2$y\u{1B}[?64;1;2;6;9;15;18;21;22c\u{1B}[?1;2cy\u{1B}[?25hz"))
        replies.finish()
        #expect(replies.replies == [.modeReport(mode: 2026, value: 2), .deviceAttributes, .deviceAttributes])
        #expect(replies.modeValue(2026) == 2 && replies.modeValue(1) == nil)
        #expect(replies.keys == Self.bytes("xy\u{1B}[?25hz"))
    }

    @Test("the session: the first report is the width, DECRPM 1 or 2 turn synchronized output on, DA1 closes the questions",
          arguments: [(1, true), (2, true), (0, false), (3, false), (4, false)])
    func session(value: Int, synchronized: Bool) {
        var session = ProbeSession(questions: .init(width: true, background: true, synchronizedOutput: true))
        let first = session.read(Self.bytes("a\u{1B}[1;3R\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}"))
        #expect(first.keys == Self.bytes("a") && first.answered && session.isHolding)
        let second = session.read(Self.bytes("\\\u{1B}[?2026;\(value)$y\u{1B}[5;1R"))
        #expect(second.keys.isEmpty && second.answered && !session.answers.complete)
        _ = session.read(Self.bytes("\u{1B}[?62;22cq"))
        #expect(session.answers == TerminalProbe.Answers(ambiguousWide: true, background: .light,
                                                          synchronizedOutput: synchronized, complete: true))
        // An Escape typed alone is held, then given out as a key.
        #expect(session.read([0x1B]).keys.isEmpty)
        #expect(session.release() == [0x1B])
    }

    @Test("questions not asked are not answered: a report with no width question leaves the width unknown")
    func unaskedQuestions() {
        var session = ProbeSession(questions: .init(width: false, background: false, synchronizedOutput: false))
        #expect(session.answers.complete)
        _ = session.read(Self.bytes("\u{1B}[1;3R\u{1B}[?2026;1$y"))
        #expect(session.answers.ambiguousWide == nil && session.answers.synchronizedOutput == nil)
    }
}
