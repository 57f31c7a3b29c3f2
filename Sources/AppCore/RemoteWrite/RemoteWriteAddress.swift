/// A `remote_write_url` (issue 28): https only (the series name the facility's servers and the
/// bearer token rides with them), a host, no user name or password (they would be logged:
/// the token file carries the secret). Shown everywhere by `WebhookAddress.redacted`.
public enum RemoteWriteAddress {
    public enum Refusal: Error, Equatable, Sendable {
        case notHTTPS(shown: String)
        case credentials(shown: String)
        case invalid(shown: String)

        /// The catalog key of the reason.
        public var key: String {
            switch self {
            case .notHTTPS: "cli.remote_write.not_https"
            case .credentials: "cli.remote_write.credentials"
            case .invalid: "cli.remote_write.invalid"
            }
        }

        public var parameters: [String: String] {
            switch self {
            case .notHTTPS(let shown), .credentials(let shown), .invalid(let shown): ["value": shown]
            }
        }
    }

    /// The address as settings.json keeps it. The rules are the webhooks' (one parser of
    /// addresses with secrets), told in the remote write's own words.
    public static func check(_ text: String) -> Result<String, Refusal> {
        switch WebhookAddress.check(text) {
        case .success(let url): .success(url)
        case .failure(.notHTTPS(let shown)): .failure(.notHTTPS(shown: shown))
        case .failure(.credentials(let shown)): .failure(.credentials(shown: shown))
        case .failure(.invalid(let shown, _)): .failure(.invalid(shown: shown))
        case .failure(.notJSONList): .failure(.invalid(shown: WebhookAddress.redacted(text)))
        }
    }
}

/// The `facility` setting: the label value that tells one facility's series from another's in
/// the central store and on its dashboards: a name of up to 128 characters in letters and
/// digits of any script, spaces and `-_.()` (no control characters or punctuation that a
/// PromQL matcher or a shell would need quoted: it reaches logs, terminals and queries).
public enum FacilityLabel {
    public static let maxLength = 128

    public enum Refusal: Error, Equatable, Sendable {
        case invalid

        public var key: String { "cli.facility.invalid" }
    }

    /// The trimmed label value, or why it cannot be one.
    public static func check(_ text: String) -> Result<String, Refusal> {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty, trimmed.count <= maxLength, TextSanitizer.clean(trimmed) == trimmed,
              trimmed.unicodeScalars.allSatisfy(isAllowed) else {
            return .failure(.invalid)
        }
        return .success(trimmed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
            || p.generalCategory == .spacingMark || " -_.()".unicodeScalars.contains(scalar)
    }
}
