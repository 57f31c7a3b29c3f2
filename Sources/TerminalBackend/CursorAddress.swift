/// The terminal's cursor address (terminfo `cup`), written straight into a frame's bytes.
///
/// Nearly every entry's `cup` is literal bytes around the row and the column in decimal
/// (`ESC [ %i %p1%d ; %p2%d H`: xterm, tmux, screen, the Linux console, VTE). Such a template is
/// read once into its parts (`decimal`), and a run's address is then its digits appended to the
/// frame, where tparm for every run of every frame was a tenth of a language switch and a table
/// of expansions behind a lock still cost a lookup per run (issue 26). Any other template (other
/// operators, padding) goes through `expand` (tparm) for every address, kept in a table.
public struct CursorAddress: Sendable {
    private enum Form: Sendable {
        /// `prefix`, row, `separator`, column, `suffix`; numbers from `base` (1 after `%i`).
        case decimal(prefix: [UInt8], separator: [UInt8], suffix: [UInt8], base: Int)
        case expanded(@Sendable (_ row: Int, _ column: Int) -> [UInt8])
    }

    private let form: Form

    /// The address of every cell by `expand` (tparm or a test's own function).
    public init(expand: @escaping @Sendable (_ row: Int, _ column: Int) -> [UInt8]) {
        form = .expanded(expand)
    }

    /// A template of literal bytes, `%i` at most once before the numbers, then `%p1%d` and
    /// `%p2%d` in that order with literal bytes between and after; nil for any other template
    /// (another `%` operator, the numbers swapped or padded, a `$<…>` delay).
    public init?(decimalTemplate template: [UInt8]) {
        let percent = UInt8(ascii: "%")
        var parts: [[UInt8]] = [[]]
        var base = 0
        var index = 0
        func matches(_ text: String, at position: Int) -> Bool {
            let bytes = Array(text.utf8)
            return position + bytes.count <= template.count && Array(template[position..<(position + bytes.count)]) == bytes
        }
        while index < template.count {
            let byte = template[index]
            if byte == UInt8(ascii: "$"), matches("$<", at: index) { return nil }
            guard byte == percent else {
                parts[parts.count - 1].append(byte)
                index += 1
                continue
            }
            if matches("%i", at: index), base == 0, parts.count == 1 {
                base = 1
                index += 2
            } else if matches("%p\(parts.count)%d", at: index), parts.count <= 2 {
                parts.append([])
                index += 5
            } else {
                return nil
            }
        }
        guard parts.count == 3 else { return nil }
        form = .decimal(prefix: parts[0], separator: parts[1], suffix: parts[2], base: base)
    }

    /// Appends the bytes that put the cursor at (`row`, `column`), counted from 0.
    public func append(row: Int, column: Int, to out: inout [UInt8]) {
        switch form {
        case let .decimal(prefix, separator, suffix, base):
            out += prefix
            Self.appendDecimal(row + base, to: &out)
            out += separator
            Self.appendDecimal(column + base, to: &out)
            out += suffix
        case .expanded(let expand):
            out += expand(row, column)
        }
    }

    /// The bytes that put the cursor at (`row`, `column`).
    public func callAsFunction(_ row: Int, _ column: Int) -> [UInt8] {
        var out: [UInt8] = []
        append(row: row, column: column, to: &out)
        return out
    }

    /// `%d`: the number in decimal, a minus sign first if negative.
    private static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(number.magnitude, to: &out)
    }

    /// The digits of `value`, most significant first.
    private static func appendDigits(_ value: UInt, to out: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
