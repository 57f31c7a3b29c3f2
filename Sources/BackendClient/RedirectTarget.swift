import SettingsStore

/// Where a refused redirect pointed, compared with where the request went.
enum RedirectTarget {
    /// The redirect's host when it differs from the request's (case-insensitive, trailing dot
    /// ignored); nil for the same host, a relative target or unparseable input.
    static func otherHost(from requestURL: String?, to redirectURL: String?) -> String? {
        guard let requestURL, let redirectURL,
              let from = host(requestURL), let to = host(redirectURL) else { return nil }
        return from == to ? nil : to
    }

    private static func host(_ url: String) -> String? {
        // The same strict parser as validation: URLComponents would load ICU's IDNA tables.
        guard let host = URLHost.of(url) else { return nil }
        return host.hasSuffix(".") ? String(host.dropLast()) : host
    }
}
