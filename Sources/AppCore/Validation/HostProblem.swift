/// Why a host is not a valid host name or address (`invalid_host`): each refusal says why, so
/// a person can fix the part that is wrong (a 160-character label is refused because a DNS
/// label is at most 63 bytes, not as "not a valid host name").
public enum HostProblem: Equatable, Sendable {
    /// Bracketed, but not an IPv6 address.
    case badIPv6
    /// Longer than 253 characters (without a final dot).
    case nameTooLong(length: Int)
    /// Two dots in a row, or a dot at the start: a label of no characters.
    case emptyLabel
    /// One label longer than 63 bytes.
    case labelTooLong(length: Int)
    /// A label that starts or ends with a hyphen.
    case hyphenAtEdge
    /// A character other than ASCII letters, digits, hyphens and dots.
    case badCharacter(String)
    /// The last label is a number: an IPv4 address in some spelling other than a strict
    /// dotted quad of 0 to 255 (`192.168.1.300`, `127.1`, `0x7f000001`).
    case numeric

    /// The suffix of the message key (`validation.invalid_host.<reason>`).
    public var reason: String {
        switch self {
        case .badIPv6: "ipv6"
        case .nameTooLong: "name_too_long"
        case .emptyLabel: "empty_label"
        case .labelTooLong: "label_too_long"
        case .hyphenAtEdge: "hyphen"
        case .badCharacter: "character"
        case .numeric: "numeric"
        }
    }

    /// The message's parameters beyond `host`.
    public var parameters: [String: String] {
        switch self {
        case .nameTooLong(let length): ["length": String(length), "max": String(ParsedHost.maxNameLength)]
        case .labelTooLong(let length): ["length": String(length), "max": String(ParsedHost.maxLabelLength)]
        case .badCharacter(let character): ["character": character]
        case .badIPv6, .emptyLabel, .hyphenAtEdge, .numeric: [:]
        }
    }

    /// The first rule of the host rule (docs/PRODUCT.md: Address validation) that `text` breaks, in
    /// the order a person would fix them; nil when it is a valid host.
    static func of(text: String, bracketed: Bool) -> HostProblem? {
        guard ParsedHost(text: text, bracketed: bracketed) == nil else { return nil }
        if bracketed { return .badIPv6 }
        let lower = ASCII.lowercased(text)
        let bare = lower.hasSuffix(".") ? String(lower.dropLast()) : lower
        if let odd = bare.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
            return .badCharacter(TextSanitizer.clean(String(odd)))
        }
        if bare.utf8.count > ParsedHost.maxNameLength { return .nameTooLong(length: bare.utf8.count) }
        let labels = bare.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return .emptyLabel }
        if let long = labels.first(where: { $0.utf8.count > ParsedHost.maxLabelLength }) {
            return .labelTooLong(length: long.utf8.count)
        }
        if labels.contains(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) { return .hyphenAtEdge }
        return .numeric
    }
}
