/// An `alert_webhooks` address (SPEC §15.3): what the setting takes, why one is refused, and how
/// one is shown. A webhook URL often carries a secret (a password in it, a token in its query),
/// so every command, log line and check names a webhook by `redacted(_:)`, never as written.
public enum WebhookAddress {
    /// Why a value is not a webhook list; `shown` is the refused address without its user
    /// name, password or query.
    public enum Refusal: Error, Equatable, Sendable {
        /// `[` … that is not a JSON array of strings.
        case notJSONList
        /// A scheme other than https (a webhook carries the facility's server names).
        case notHTTPS(shown: String)
        /// A user name or password in the address: it would be logged.
        case credentials(shown: String)
        /// Not an address: `part` says which part is wrong, so the refusal says why.
        case invalid(shown: String, part: InvalidPart = .address)

        /// The catalog key of the reason.
        public var key: String {
            switch self {
            case .notJSONList: "cli.webhook.not_json_list"
            case .notHTTPS: "cli.webhook.not_https"
            case .credentials: "cli.webhook.credentials"
            case .invalid(_, .address): "cli.webhook.invalid"
            case .invalid(_, .port): "cli.webhook.invalid_port"
            case .invalid(_, .character): "cli.webhook.invalid_character"
            }
        }

        public var parameters: [String: String] {
            switch self {
            case .notJSONList: [:]
            case .invalid(let shown, .port(let port)): ["value": shown, "port": TextSanitizer.clean(port)]
            case .notHTTPS(let shown), .credentials(let shown), .invalid(let shown, _): ["value": shown]
            }
        }
    }

    /// The part of an address that makes it none.
    public enum InvalidPart: Equatable, Sendable {
        /// No scheme or no host: not of the form https://host/path.
        case address
        /// A port that is not a number from 1 to 65535 (as written).
        case port(String)
        /// A space or a control character.
        case character
    }

    /// `settings set alert_webhooks VALUE`: a JSON array of URLs, one URL, or URLs separated by
    /// commas; `[]` or an empty value clears the list. Duplicates count once.
    public static func list(from text: String) -> Result<[String], Refusal> {
        let trimmed = text.trimmingWhitespace
        let items: [String]
        if trimmed.hasPrefix("[") {
            guard let array = JSON.parse(Array(trimmed.utf8))?.arrayValue else { return .failure(.notJSONList) }
            var strings: [String] = []
            for item in array {
                guard let string = item.stringValue else { return .failure(.notJSONList) }
                strings.append(string)
            }
            items = strings
        } else {
            items = trimmed.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        }
        var urls: [String] = []
        for item in items {
            switch check(item) {
            case .success(let url): if !urls.contains(url) { urls.append(url) }
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(urls)
    }

    /// One address as settings.json keeps it: https, a host, no user name or password.
    public static func check(_ text: String) -> Result<String, Refusal> {
        let trimmed = text.trimmingWhitespace
        let shown = redacted(trimmed)
        guard let parts = wellFormed(trimmed) else {
            // `https://user:pa/ss@host` does not parse as credentials, but is meant as them.
            return .failure(hasAt(trimmed) ? .credentials(shown: shown) : .invalid(shown: shown, part: invalidPart(trimmed)))
        }
        guard parts.scheme == "https" else { return .failure(.notHTTPS(shown: shown)) }
        return .success(trimmed)
    }

    /// How a webhook is named to people and in logs: without a user name or password (what
    /// comes before the host's `@` becomes `***`), with `?***` for its query, without its
    /// fragment. For text that is not a URL at all, everything up to the last `@` before the
    /// query is hidden: a password is never shown, even in a malformed address.
    public static func redacted(_ text: String) -> String {
        let clean = TextSanitizer.clean(text.trimmingWhitespace)
        let end = clean.firstIndex { $0 == "?" || $0 == "#" } ?? clean.endIndex
        var head = String(clean[..<end])
        if wellFormed(clean) != nil {
            // A well-formed address without credentials: a `@` in its path is only a path.
        } else if let at = head.lastIndex(of: "@") {
            let start = afterScheme(head)
            if start <= at { head = String(head[..<start]) + "***" + String(head[at...]) }
        }
        let query = clean[end...].prefix { $0 != "#" }
        return query.count > 1 ? head + "?***" : head
    }

    /// Where the authority starts: after the first `://`, or at the start when there is none.
    private static func afterScheme(_ text: String) -> String.Index {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") { return text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return text.startIndex
    }

    /// The parts of an address with a host, a valid port, no user name or password and no
    /// control characters; nil for anything else.
    private static func wellFormed(_ text: String) -> URLParts? {
        guard TextSanitizer.clean(text) == text, let parts = URLParts(parsing: text), parts.userinfo == nil,
              parts.parsedHost != nil else { return nil }
        if case .invalid = parts.port { return nil }
        return parts
    }

    /// Why a text that is no address is none: a space or control character, a bad port, or
    /// no host at all.
    private static func invalidPart(_ text: String) -> InvalidPart {
        if TextSanitizer.clean(text) != text || text.contains(" ") { return .character }
        if let parts = URLParts(parsing: text), case .invalid(let raw) = parts.port { return .port(raw) }
        return .address
    }

    /// Whether a `@` comes before the query: in a malformed address, the sign of credentials.
    private static func hasAt(_ text: String) -> Bool {
        let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        return text[..<end].contains("@")
    }
}
