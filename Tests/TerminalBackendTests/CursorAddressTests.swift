@testable import TerminalBackend
import TerminalRendering
import Testing

/// `CursorAddress`: a `cup` template of the decimal form is read into its parts and gives, for
/// every cell, the bytes tparm gives; any other template is left to tparm.
@Suite("Cursor address")
struct CursorAddressTests {
    static func template(_ text: String) -> [CChar] {
        Array(text.utf8CString)
    }

    /// `cup` of this machine's terminfo entries (xterm, tmux, screen, the Linux console share the
    /// first) and made-up ones of the same form.
    static let decimal = [
        "\u{1B}[%i%p1%d;%p2%dH", "\u{1B}[%p1%d;%p2%dH", "\u{1B}=%i%p1%d,%p2%dX", "%i%p1%d;%p2%d", "\u{1B}[%i%p1%d;%p2%dH\u{F}",
    ]

    @Test("a decimal template gives tparm's bytes at every row and column, one to three digits")
    @MainActor
    func decimalTemplates() {
        for text in Self.decimal {
            let template = Self.template(text)
            let address = CursorAddress(decimalTemplate: template.dropLast().map { UInt8(bitPattern: $0) })
            #expect(address != nil, "\(text.debugDescription)")
            guard let address else { continue }
            for row in [0, 1, 8, 9, 10, 29, 98, 99, 100, 500] {
                for column in 0..<320 {
                    var out: [UInt8] = [0x2A]
                    address.append(row: row, column: column, to: &out)
                    let expected = TerminfoString.expand(template, row, column)
                    #expect(out == [0x2A] + expected, "\(text.debugDescription) \(row) \(column)")
                    if out != [0x2A] + expected { return }
                }
            }
        }
    }

    @Test("any other template is not read as decimal: other operators, swapped numbers, padding")
    func otherTemplates() {
        let others = [
            "\u{1B}[%i%p1%d;%p2%dH$<5>", "\u{1B}=%p1%' '%+%c%p2%' '%+%c", "\u{1B}[%i%p2%d;%p1%dH", "\u{1B}[%i%p1%dH",
            "\u{1B}[%i%p1%03d;%p2%03dH", "\u{1B}[%p1%d;%p2%d;%p3%dH", "%i%i%p1%d;%p2%d", "\u{1B}[%p1%d%i;%p2%dH",
        ]
        for text in others {
            #expect(CursorAddress(decimalTemplate: Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }

    @Test("the encoder's runs and cursor are addressed by the terminal's template")
    func encoderUsesTheAddress() {
        var capabilities = TerminalCapabilities.ansi()
        capabilities.moveCursor = CursorAddress(decimalTemplate: Array("\u{1B}=%p1%d,%p2%dX".utf8)) ?? capabilities.moveCursor
        var buffer = CellBuffer(width: 20, height: 12)
        buffer.write("ab", x: 13, y: 11)
        let out = FrameEncoderTests.text(FrameEncoder(capabilities: capabilities, colorMode: .none)
            .encode(buffer.diff(from: CellBuffer(width: 20, height: 12)), size: (20, 12), cursor: Point(x: 3, y: 4)))
        #expect(out.contains("\u{1B}=11,13X\u{1B}[0mab") && out.hasSuffix("\u{1B}=4,3X\u{1B}[?25h"), "\(out.debugDescription)")
    }
}
