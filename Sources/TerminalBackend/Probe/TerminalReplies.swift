/// Picks a terminal's answers out of the bytes read from it (docs/ARCHITECTURE.md: The start
/// sequence and the terminal probe). The answers come on the same stream as the keys a person
/// types, so everything that is not an answer is kept, in order, as `keys`.
///
/// - a cursor-position report: `ESC [ row ; column R`
/// - the background colour: `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by `ESC \` or BEL
/// - a DEC private mode report (DECRPM, the answer to DECRQM): `ESC [ ? mode ; value $ y`
/// - the primary device attributes (DA1): `ESC [ ? params c`, the answer that closes the questions
///
/// A sequence cut at the end of the bytes read so far waits for the next `feed`.
public struct TerminalReplies: Sendable {
    public enum Reply: Equatable, Sendable {
        case cursorPosition(row: Int, column: Int)
        case background(red: Double, green: Double, blue: Double)
        case modeReport(mode: Int, value: Int)
        case deviceAttributes
    }

    public private(set) var replies: [Reply] = []
    /// Bytes that were not an answer (typed keys), in the order they came.
    public private(set) var keys: [UInt8] = []
    private var pending: [UInt8] = []

    public init() {}

    /// Adds bytes read from the terminal.
    public mutating func feed(_ bytes: [UInt8]) {
        var input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            guard input[index] == 0x1B else {
                keys.append(input[index])
                index += 1
                continue
            }
            switch Self.match(input, at: index) {
            case .reply(let reply, let end):
                replies.append(reply)
                index = end
            case .incomplete:
                pending = Array(input[index...])
                input.removeAll()
                index = 0
            case .none:
                keys.append(input[index])
                index += 1
            }
        }
    }

    /// Bytes held back as the start of an answer that has not finished arriving: keys after all,
    /// when no more come (an Escape pressed alone).
    public mutating func finish() {
        keys += pending
        pending = []
    }

    /// Takes the keys gathered so far.
    public mutating func takeKeys() -> [UInt8] {
        defer { keys = [] }
        return keys
    }

    public var cursorReports: [(row: Int, column: Int)] {
        replies.compactMap { if case let .cursorPosition(row, column) = $0 { (row, column) } else { nil } }
    }

    public var background: (red: Double, green: Double, blue: Double)? {
        for reply in replies { if case let .background(red, green, blue) = reply { return (red, green, blue) } }
        return nil
    }

    /// The value reported for a DEC private mode (DECRPM), if it came.
    public func modeValue(_ mode: Int) -> Int? {
        for reply in replies { if case let .modeReport(reported, value) = reply, reported == mode { return value } }
        return nil
    }

    /// The terminal answered DA1: every question asked before it has had its answer.
    public var deviceAttributesCame: Bool { replies.contains(.deviceAttributes) }

    /// Forgets the answers read so far (they have been applied).
    public mutating func takeReplies() -> [Reply] {
        defer { replies = [] }
        return replies
    }

    /// Whether bytes are held back as the start of an answer.
    public var isHolding: Bool { !pending.isEmpty }

    private enum Match {
        case reply(Reply, end: Int)
        case incomplete
        case none
    }

    /// An answer that starts at `start` (an ESC).
    private static func match(_ bytes: [UInt8], at start: Int) -> Match {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            guard start + 2 < bytes.count else { return .incomplete }
            return bytes[start + 2] == UInt8(ascii: "?") ? privateReport(bytes, at: start + 3) : cursorPosition(bytes, at: start + 2)
        case UInt8(ascii: "]"): return backgroundColour(bytes, at: start + 2)
        default: return .none
        }
    }

    /// `row ; column R` after `ESC [`.
    private static func cursorPosition(_ bytes: [UInt8], at start: Int) -> Match {
        switch parameters(bytes, at: start, most: 2) {
        case .incomplete: return .incomplete
        case .invalid: return .none
        case let .ended(numbers, final, index):
            guard final == UInt8(ascii: "R"), numbers.count == 2 else { return .none }
            return .reply(.cursorPosition(row: numbers[0], column: numbers[1]), end: index + 1)
        }
    }

    /// `mode ; value $ y` (DECRPM) or `params c` (DA1) after `ESC [ ?`.
    private static func privateReport(_ bytes: [UInt8], at start: Int) -> Match {
        // DA1 lists a dozen features at most.
        switch parameters(bytes, at: start, most: 32) {
        case .incomplete: return .incomplete
        case .invalid: return .none
        case let .ended(numbers, final, index):
            switch final {
            case UInt8(ascii: "c"):
                return .reply(.deviceAttributes, end: index + 1)
            case UInt8(ascii: "$"):
                guard numbers.count == 2 else { return .none }
                guard index + 1 < bytes.count else { return .incomplete }
                guard bytes[index + 1] == UInt8(ascii: "y") else { return .none }
                return .reply(.modeReport(mode: numbers[0], value: numbers[1]), end: index + 2)
            default:
                return .none
            }
        }
    }

    /// Numeric parameters of a control sequence: what the cursor report and the private reports
    /// share (`1;2`, each number 1 to 6 digits, none empty), up to the first other byte.
    private enum Parameters {
        case incomplete
        case invalid
        /// The numbers, the byte after them and where it is.
        case ended([Int], final: UInt8, at: Int)
    }

    private static func parameters(_ bytes: [UInt8], at start: Int, most: Int) -> Parameters {
        var numbers: [Int] = [0]
        var digits = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 6 else { return .invalid }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: ";"):
                guard digits > 0, numbers.count < most else { return .invalid }
                numbers.append(0)
                digits = 0
            default:
                return digits > 0 ? .ended(numbers, final: byte, at: index) : .invalid
            }
            index += 1
        }
        return .incomplete
    }

    /// `11 ; rgb:R/G/B` then `ESC \` or BEL, after `ESC ]`. Each component has 1 to 4 hex digits
    /// (xterm answers 4, some terminals 2); it is scaled to 0…1.
    private static func backgroundColour(_ bytes: [UInt8], at start: Int) -> Match {
        let prefix = Array("11;".utf8)
        var index = start
        var body: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x07 {
                return parse(body, prefix: prefix, end: index + 1)
            }
            if byte == 0x1B {
                guard index + 1 < bytes.count else { return .incomplete }
                return bytes[index + 1] == UInt8(ascii: "\\") ? parse(body, prefix: prefix, end: index + 2) : .none
            }
            // An answer is short; anything long is not one.
            guard body.count < 64 else { return .none }
            body.append(byte)
            index += 1
            if body.count <= prefix.count && body != Array(prefix.prefix(body.count)) { return .none }
        }
        return .incomplete
    }

    private static func parse(_ body: [UInt8], prefix: [UInt8], end: Int) -> Match {
        guard body.starts(with: prefix) else { return .none }
        let text = String(decoding: body.dropFirst(prefix.count), as: UTF8.self)
        // "rgb:" is what xterm, VTE, kitty, alacritty, mlterm and tmux send; "rgba:" has an alpha.
        let colour: Substring
        if text.hasPrefix("rgb:") {
            colour = text.dropFirst(4)
        } else if text.hasPrefix("rgba:") {
            colour = text.dropFirst(5)
        } else {
            return .none
        }
        let parts = colour.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return .none }
        var values: [Double] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return .none }
            values.append(Double(value) / Double((1 << (4 * part.count)) - 1))
        }
        return .reply(.background(red: values[0], green: values[1], blue: values[2]), end: end)
    }
}
