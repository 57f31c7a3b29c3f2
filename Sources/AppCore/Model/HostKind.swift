/// How a server's host is named (docs/PRODUCT.md: Address validation). Raw values are the JSON contract.
public enum HostKind: String, Sendable, CaseIterable {
    case mdns
    case ipv4
    case ipv6
    case fqdn
    case singleLabel = "single-label"
}

/// `secure` for https, `insecure` otherwise (docs/PRODUCT.md: Address validation).
public enum SecurityLevel: String, Sendable {
    case secure
    case insecure
}
