/// How a server's host is named (SPEC §4). Raw values are the JSON contract.
public enum HostKind: String, Codable, Sendable, CaseIterable {
    case mdns
    case ipv4
    case ipv6
    case fqdn
    case singleLabel = "single-label"
}

/// `secure` for https, `insecure` otherwise (SPEC §4).
public enum SecurityLevel: String, Codable, Sendable {
    case secure
    case insecure
}
