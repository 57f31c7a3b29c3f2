/// Stable codes of address validation (docs/PRODUCT.md: Address validation). Raw values are the JSON contract; the
/// catalogs hold `validation.<code>` for each.
public enum ValidationCode: String, Sendable, CaseIterable {
    // errors
    case empty
    case tooLong = "too_long"
    /// A character that does not show on a screen (named in `characters` as `U+200B`).
    case invisibleCharacter = "invisible_character"
    case invalidURL = "invalid_url"
    case httpsRequired = "https_required"
    case credentialsInURL = "credentials_in_url"
    case queryOrFragment = "query_or_fragment"
    case invalidPort = "invalid_port"
    case invalidHost = "invalid_host"
    case forbiddenHost = "forbidden_host"
    case missingAPIPath = "missing_api_path"
    // warnings
    case mdnsHost = "mdns_host"
    case ipAddress = "ip_address"
    case singleLabelHost = "single_label_host"
    case unusualPort = "unusual_port"
    /// Full-width ASCII or an ideographic full stop (an input method's) was read as ASCII.
    case fullwidthConverted = "fullwidth_converted"
    /// An internationalized host name was converted to its A-labels (`xn--…`).
    case idnHost = "idn_host"
    // development-only warnings
    case insecureHTTP = "insecure_http"
    case loopbackHost = "loopback_host"
}

/// One error or warning. `parameters` feed the localized message (e.g. `port`, `host`).
public struct ValidationIssue: Equatable, Hashable, Sendable {
    public var code: ValidationCode
    public var parameters: [String: String]

    public init(code: ValidationCode, parameters: [String: String] = [:]) {
        self.code = code
        self.parameters = parameters
    }

    /// The parameter that names a finer reason within the code (`invalid_host`'s `label_too_long`).
    public static let reasonParameter = "reason"

    /// The catalog key of the message: `validation.<code>.<reason>` when a reason is known,
    /// else `validation.<code>`. Every surface words an issue through this key.
    public var messageKey: String {
        if let reason = parameters[Self.reasonParameter] { return "validation.\(code.rawValue).\(reason)" }
        return "validation.\(code.rawValue)"
    }
}
