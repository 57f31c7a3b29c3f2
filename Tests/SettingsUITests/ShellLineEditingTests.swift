import PropertyBased
import AppCore
import TerminalRendering
import Testing

/// SPEC §10.4: a text field edits as a shell line does (← → Home End, Backspace Delete,
/// Ctrl-A Ctrl-E Ctrl-U Ctrl-K Ctrl-W), checked against a plain model of a line of clusters.
@Suite("Shell-line editing")
struct ShellLineEditingTests {
    /// A line as a list of clusters and a caret between them: what each key means, written out.
    struct Model {
        var clusters: [Character] = []
        var caret = 0

        mutating func apply(_ key: Key) {
            switch key {
            case .left: caret = max(0, caret - 1)
            case .right: caret = min(clusters.count, caret + 1)
            case .home, .ctrl("a"): caret = 0
            case .end, .ctrl("e"): caret = clusters.count
            case .backspace where caret > 0:
                clusters.remove(at: caret - 1)
                caret -= 1
            case .delete where caret < clusters.count: clusters.remove(at: caret)
            case .ctrl("u"):
                clusters.removeFirst(caret)
                caret = 0
            case .ctrl("k"): clusters.removeLast(clusters.count - caret)
            case .ctrl("w"):
                var start = caret
                while start > 0, !(clusters[start - 1].isLetter || clusters[start - 1].isNumber) { start -= 1 }
                while start > 0, clusters[start - 1].isLetter || clusters[start - 1].isNumber { start -= 1 }
                clusters.removeSubrange(start..<caret)
                caret = start
            case .character(let character):
                clusters.insert(character, at: caret)
                caret += 1
            default: break
            }
        }
    }

    static let keys: [Key] = [
        .left, .right, .home, .end, .backspace, .delete, .ctrl("a"), .ctrl("e"), .ctrl("u"), .ctrl("k"), .ctrl("w"),
        .character("a"), .character("7"), .character("/"), .character("."), .character("病"), .character(" "),
    ]

    @Test("any sequence of editing keys leaves the field as a shell line would")
    func matchesTheModel() async {
        let input = Gen<Int>.int(in: 0...(Self.keys.count - 1)).array(of: 0...40)
        await propertyCheck(count: 300, input: input) { indexes in
            var field = TextField()
            var model = Model()
            for index in indexes {
                let key = Self.keys[index]
                let consumed = field.edit(key)
                #expect(consumed, "\(key) is an editing key")
                model.apply(key)
                #expect(field.text == String(model.clusters), "text after \(indexes.map { Self.keys[$0] })")
                #expect(field.cursor == model.caret, "caret after \(indexes.map { Self.keys[$0] })")
            }
        }
    }

    @Test("Ctrl-W takes one word of an address at a time; a password goes at once")
    func wordsOfAnAddress() {
        var field = TextField.address("https://ward4.example.org/api")
        field.edit(.ctrl("w"))
        #expect(field.text == "https://ward4.example.org/")
        field.edit(.ctrl("w"))
        #expect(field.text == "https://ward4.example.")
        field.edit(.ctrl("a"))
        field.edit(.ctrl("k"))
        #expect(field.text.isEmpty && field.cursor == 0)

        var secret = TextField(text: "correct horse-battery", isSecret: true)
        secret.edit(.ctrl("w"))
        #expect(secret.text.isEmpty)
    }

    @Test("the shell keys type nothing and trigger nothing in a text field; the help lists each one")
    func helpListsTheKeys() {
        let typing: Set<KeyContext> = [.paneTextField]
        let labels = KeyTable.helpSections().flatMap(\.rows).map(\.label).joined(separator: " ")
        for (key, label) in [(Key.ctrl("a"), "Ctrl-A"), (.ctrl("e"), "Ctrl-E"), (.ctrl("u"), "Ctrl-U"),
                             (.ctrl("k"), "Ctrl-K"), (.ctrl("w"), "Ctrl-W"), (.home, "Home"), (.end, "End")] {
            #expect(KeyTable.isTyped(key, in: typing), "\(key) edits the field")
            #expect(labels.contains(label), "help names \(label)")
        }
    }
}
