/// The host of a URL as libcurl reads it, by the same strict parser as address validation.
/// For code that only needs the host: Foundation's `URLComponents.host` runs the host through
/// ICU's IDNA (UTS #46) tables, which loads ICU's normalization data into the process.
public enum URLHost {
    /// The host without brackets, ASCII letters lower-cased; nil when the text is not a URL.
    public static func of(_ url: String) -> String? {
        guard let parts = URLParts(parsing: url), !parts.hostText.isEmpty else { return nil }
        return parts.hostText
    }

    /// `host:port`, the port written or the scheme's default; nil when the text is not a URL.
    public static func origin(_ url: String) -> String? {
        guard let parts = URLParts(parsing: url), !parts.hostText.isEmpty else { return nil }
        let port: Int? = switch parts.port {
        case .number(let number): number
        case .invalid: nil
        case nil: URLParts.defaultPort(forScheme: parts.scheme)
        }
        return port.map { parts.hostText + ":" + String($0) }
    }
}
