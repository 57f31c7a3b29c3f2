/// A URL host that passed the docs/PRODUCT.md: Address validation host rule: a DNS name (ASCII letters, digits and hyphens;
/// labels of 1 to 63 characters that neither start nor end with a hyphen; at most 253
/// characters), a strict dotted-quad IPv4 address, or a bracketed IPv6 address.
enum ParsedHost: Equatable, Hashable, Sendable {
    /// Lower-cased. May end in one dot: `verbumcaremac-mini.` (absolute, no search domain) and
    /// `verbumcaremac-mini` can resolve differently, so the dot is kept rather than dropped.
    case name(String)
    case ipv4(IPv4Literal)
    case ipv6(IPv6Literal)

    static let maxNameLength = 253
    static let maxLabelLength = 63

    /// `text` without brackets; `bracketed` says whether the URL had them.
    init?(text: String, bracketed: Bool) {
        if bracketed {
            guard let v6 = IPv6Literal(text) else { return nil }
            self = .ipv6(v6)
            return
        }
        if let v4 = IPv4Literal(text) {
            self = .ipv4(v4)
            return
        }
        let lower = ASCII.lowercased(text)
        let bare = lower.hasSuffix(".") ? String(lower.dropLast()) : lower
        guard !bare.isEmpty, bare.utf8.count <= Self.maxNameLength else { return nil }
        let labels = bare.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...Self.maxLabelLength).contains(label.count),
                  label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") })
            else { return nil }
        }
        // A name whose last label is a number is an IPv4 address in some other spelling
        // (`127.1`, `0x7f000001`, `2130706433`, `0177.0.0.1`) that the resolver would still
        // turn into an address; only the strict dotted quad above is accepted, so these
        // cannot slip past the loopback rule.
        if let last = labels.last, Self.looksNumeric(last) { return nil }
        self = .name(lower)
    }

    private static func looksNumeric(_ label: Substring.UTF8View.SubSequence) -> Bool {
        if label.allSatisfy(ASCII.isDigit) { return true }
        let bytes = Array(label)
        return bytes.count >= 2 && bytes[0] == UInt8(ascii: "0")
            && (bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "X"))
            && bytes[2...].allSatisfy(ASCII.isHexDigit)
    }

    /// Canonical text, without brackets.
    var text: String {
        switch self {
        case .name(let name): name
        case .ipv4(let v4): v4.text
        case .ipv6(let v6): v6.text
        }
    }

    var kind: HostKind {
        switch self {
        case .ipv4: return .ipv4
        case .ipv6: return .ipv6
        case .name(let name):
            let bare = name.hasSuffix(".") ? name.dropLast() : Substring(name)
            if bare.hasSuffix(".local") { return .mdns }
            return bare.contains("." as Character) ? .fqdn : .singleLabel
        }
    }

    /// `localhost`, `localhost.`, `*.localhost`, 127.0.0.0/8, 0.0.0.0, `::1`, `::` and
    /// IPv4-mapped loopback. Such an address names the user's own machine, never a facility
    /// server, and a TLS check against it proves nothing about the backend.
    var isLoopbackOrUnspecified: Bool {
        switch self {
        case .ipv4(let v4): return v4.isLoopbackOrUnspecified
        case .ipv6(let v6): return v6.isLoopbackOrUnspecified
        case .name(let name):
            let bare = name.hasSuffix(".") ? name.dropLast() : Substring(name)
            return bare == "localhost" || bare.hasSuffix(".localhost")
        }
    }
}
