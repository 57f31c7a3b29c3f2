/// A strict dotted-quad IPv4 address: exactly four decimal octets 0...255.
///
/// Leading zeros are rejected (`010.0.0.1`): `inet_aton`, which the resolver may use, reads
/// them as octal, so the same text could reach a different machine than the one it shows.
/// Shorthand forms (`127.1`, `0x7f000001`, `2130706433`) are rejected for the same reason.
struct IPv4Literal: Equatable, Hashable, Sendable {
    var octets: [UInt8]

    init?(_ text: some StringProtocol) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(ASCII.isDigit) else { return nil }
            if part.count > 1, part.first == UInt8(ascii: "0") { return nil }
            let value = part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard value <= 255 else { return nil }
            octets.append(UInt8(value))
        }
        self.octets = octets
    }

    init(octets: [UInt8]) {
        self.octets = octets
    }

    var text: String { octets.map(String.init).joined(separator: ".") }

    /// 127.0.0.0/8 (loopback) or 0.0.0.0 (unspecified, which Linux connects to loopback).
    var isLoopbackOrUnspecified: Bool {
        octets.first == 127 || octets.allSatisfy { $0 == 0 }
    }
}
