/// The suggested action for a `dns` failure: for a `.local` name, what is missing on this
/// machine for mDNS (or that mDNS works here, so the server itself is the question); for a
/// single-label name, the search domain or /etc/hosts; otherwise the general advice. Pure.
public enum DNSAdvice {
    /// The catalog key and parameters of the advice for `host`. `mdns` is this machine's
    /// finding (`MDNSFinding(MDNSFacts.read())`); without it a `.local` name gets the general advice.
    public static func action(host: String, mdns: MDNSFinding?) -> AppError {
        let name = host.hasSuffix(".") ? String(host.dropLast()).lowercased() : host.lowercased()
        let parameters = ["host": TextSanitizer.clean(name)]
        if name.hasSuffix(".local"), let mdns {
            guard let problem = mdns.problems.first else {
                return AppError(key: "error.dns.advice_mdns_ok", parameters: parameters, code: .dns)
            }
            var withPath = parameters
            withPath["path"] = mdns.nsswitchPath
            return AppError(key: key(problem), parameters: withPath, code: .dns)
        }
        if isSingleLabel(name) {
            return AppError(key: "error.dns.advice_single_label", parameters: parameters, code: .dns)
        }
        return AppError(key: "error.dns.action", parameters: parameters, code: .dns)
    }

    public static func key(_ problem: MDNSFinding.Problem) -> String {
        switch problem {
        case .libraryMissing: "error.dns.advice_mdns_library_missing"
        case .hostsLineMissing: "error.dns.advice_mdns_hosts_line"
        case .avahiNotRunning: "error.dns.advice_mdns_avahi_missing"
        case .avahiSilent: "error.dns.advice_mdns_avahi_silent"
        }
    }

    /// No dot, and not an IP literal (an IPv6 literal has colons; IPv4 has dots).
    static func isSingleLabel(_ host: String) -> Bool {
        !host.isEmpty && !host.contains("." as Character) && !host.contains(":" as Character) && !host.hasPrefix("[")
    }
}
