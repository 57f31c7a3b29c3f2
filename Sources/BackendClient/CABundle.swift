/// Which certificate authorities verify servers (docs/PRODUCT.md: Transport rules). Like curl, a named bundle
/// replaces the system store rather than adding to it.
public struct CABundle: Equatable, Hashable, Sendable {
    public enum Source: String, Sendable {
        case commandLine = "--cacert"
        case setting = "ca_bundle"
        case curlCABundle = "CURL_CA_BUNDLE"
        case sslCertFile = "SSL_CERT_FILE"
        case system
    }

    /// nil for the system store.
    public var path: String?
    public var source: Source

    public init(path: String?, source: Source) {
        self.path = path
        self.source = source
    }

    public static let system = CABundle(path: nil, source: .system)

    /// The catalog key of "where it came from", for the settings pane's CA bundle row.
    public var sourceKey: String {
        switch source {
        case .commandLine: "ui.pane.ca_source.command_line"
        case .setting: "ui.pane.ca_source.setting"
        case .curlCABundle: "ui.pane.ca_source.curl_ca_bundle"
        case .sslCertFile: "ui.pane.ca_source.ssl_cert_file"
        case .system: "ui.pane.ca_source.system"
        }
    }

    /// The first one given: `--cacert FILE`, the setting `ca_bundle`, `CURL_CA_BUNDLE`,
    /// `SSL_CERT_FILE`, the system store. "Given" means non-empty: a named file that does not
    /// exist is still used, so the user sees a TLS error naming it instead of a silent switch
    /// to another store (curl does the same).
    public static func resolve(commandLine: String?, setting: String?,
                               environment: [String: String]) -> CABundle {
        let candidates: [(String?, Source)] = [
            (commandLine, .commandLine),
            (setting, .setting),
            (environment["CURL_CA_BUNDLE"], .curlCABundle),
            (environment["SSL_CERT_FILE"], .sslCertFile),
        ]
        for (value, source) in candidates {
            if let value, !value.allSatisfy(\.isWhitespace) {
                return CABundle(path: value, source: source)
            }
        }
        return .system
    }
}
