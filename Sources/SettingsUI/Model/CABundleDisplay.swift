import AppCore
/// The CA bundle in effect and where it came from, for the pane's CA bundle row: made by the
/// app from `CABundle.resolve(commandLine:setting:environment:)` (its `path` and `sourceKey`),
/// because `--cacert` and the environment are not part of the settings state.
public struct CABundleDisplay: Equatable, Sendable {
    /// nil for the system store.
    public var path: String?
    /// `ui.pane.ca_source.*`: --cacert, the setting, CURL_CA_BUNDLE, SSL_CERT_FILE or system.
    public var sourceKey: String

    public init(path: String?, sourceKey: String) {
        self.path = path
        self.sourceKey = sourceKey
    }
}
