/// A webhook URL as logs and screens may show it: scheme, host, port and path, without user
/// name, password, query string or fragment (they often carry a token). SPEC §15.3: a failing
/// webhook is named in logs without its query string, and a password is never printed.
public enum WebhookName {
    public static func redacted(_ url: String) -> String {
        let beforeQuery = url.prefix { $0 != "?" && $0 != "#" }
        let parts = beforeQuery.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        // "https:", "", "user:pass@host:port", "path…"
        guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return String(beforeQuery) }
        let authority = parts[2]
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let rest = parts.count > 3 ? "/" + parts[3] : ""
        return String(parts[0]) + "//" + String(host) + rest
    }
}
