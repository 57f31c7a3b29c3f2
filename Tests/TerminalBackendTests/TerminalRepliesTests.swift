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

    // MARK: the late-answer filter over ncurses' keys

    @Test("a late answer that ncurses handed over as keys is taken out; the keys around it stay")
    func lateAnswerFilter() {
        let answer: [Key] = [.escape] + "[12;40R".map { .character($0) }
            + [.escape] + "]11;rgb:ffff/ffff/ffff".map { .character($0) } + [.escape, .character("\\")]
        var filter = LateAnswerFilter(reportsLeft: 1, until: 1000)
        let out = filter.filter([.character("?"), .up] + answer + [.escape, .character("l")])
        #expect(out == [.character("?"), .up, .escape, .character("l")])
        #expect(filter.isDone(now: 0))
        var waiting = LateAnswerFilter(reportsLeft: 2, until: 1000)
        #expect(waiting.filter([.escape, .character("x")]) == [.escape, .character("x")])
        #expect(!waiting.isDone(now: 999) && waiting.isDone(now: 1001))
    }

    @Test("keys typed during the probe come back as keys")
    func typedBytes() {
        #expect(LateAnswerFilter.keys(Self.bytes("a日\r\t\u{7F}\u{1B}\u{03}")) ==
                [.character("a"), .character("日"), .enter, .tab, .backspace, .escape, .ctrl("c")])
    }
}
