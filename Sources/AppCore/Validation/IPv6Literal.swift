/// An IPv6 address as written between brackets in a URL (RFC 4291 §2.2): eight groups of one
/// to four hex digits, at most one `::` standing for one or more zero groups, and optionally
/// a dotted-quad IPv4 address in place of the last two groups.
///
/// Zone identifiers (`%25eth0`) and IPvFuture (`v1.x`) are not accepted: a server address
/// that only works on one network interface is not something to store for a facility.
struct IPv6Literal: Equatable, Hashable, Sendable {
    /// Always eight groups.
    var groups: [UInt16]

    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        let colon = UInt8(ascii: ":")
        var doubleColon: Int?
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == colon, bytes[index + 1] == colon {
                guard doubleColon == nil else { return nil }
                doubleColon = index
                index += 2
            } else {
                index += 1
            }
        }
        if let split = doubleColon {
            guard let head = Self.parseGroups(bytes[..<split], allowIPv4Tail: false),
                  let tail = Self.parseGroups(bytes[(split + 2)...], allowIPv4Tail: true),
                  head.count + tail.count <= 7
            else { return nil }
            groups = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            guard let all = Self.parseGroups(bytes[...], allowIPv4Tail: true), all.count == 8 else { return nil }
            groups = all
        }
    }

    /// Groups separated by single colons; an empty run yields no groups. An empty piece
    /// (a lone leading or trailing colon, or `:::`) is invalid.
    private static func parseGroups(_ bytes: ArraySlice<UInt8>, allowIPv4Tail: Bool) -> [UInt16]? {
        if bytes.isEmpty { return [] }
        let pieces = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var groups: [UInt16] = []
        for (position, piece) in pieces.enumerated() {
            if allowIPv4Tail, position == pieces.count - 1, piece.contains(UInt8(ascii: ".")) {
                guard let v4 = IPv4Literal(String(decoding: piece, as: UTF8.self)) else { return nil }
                groups.append(UInt16(v4.octets[0]) << 8 | UInt16(v4.octets[1]))
                groups.append(UInt16(v4.octets[2]) << 8 | UInt16(v4.octets[3]))
                continue
            }
            guard (1...4).contains(piece.count), piece.allSatisfy(ASCII.isHexDigit) else { return nil }
            let value = piece.reduce(0) { $0 << 4 | hexValue($1) }
            groups.append(UInt16(value))
        }
        return groups
    }

    private static func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: Int(byte - UInt8(ascii: "A")) + 10
        }
    }

    /// `::ffff:a.b.c.d`: the IPv4 address behind an IPv4-mapped IPv6 address, if it is one.
    var mappedIPv4: IPv4Literal? {
        guard groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF else { return nil }
        return IPv4Literal(octets: [UInt8(groups[6] >> 8), UInt8(groups[6] & 0xFF),
                                    UInt8(groups[7] >> 8), UInt8(groups[7] & 0xFF)])
    }

    /// `::1`, `::`, or an IPv4-mapped loopback/unspecified address (in either notation).
    var isLoopbackOrUnspecified: Bool {
        if groups[0..<7].allSatisfy({ $0 == 0 }) && groups[7] <= 1 { return true }
        return mappedIPv4?.isLoopbackOrUnspecified ?? false
    }

    /// RFC 5952 text: lower-case hex without leading zeros, the longest run of two or more zero
    /// groups (the first one on a tie) written `::`, IPv4-mapped addresses in dotted form.
    /// One spelling per address lets two ways of writing the same server compare equal.
    var text: String {
        if let v4 = mappedIPv4 { return "::ffff:" + v4.text }
        var bestStart = -1
        var bestLength = 0
        var runStart = -1
        for position in 0...8 {
            if position < 8, groups[position] == 0 {
                if runStart < 0 { runStart = position }
            } else if runStart >= 0 {
                if position - runStart > bestLength {
                    bestStart = runStart
                    bestLength = position - runStart
                }
                runStart = -1
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard bestLength >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<bestStart].joined(separator: ":")
        let tail = hex[(bestStart + bestLength)...].joined(separator: ":")
        return head + "::" + tail
    }
}
