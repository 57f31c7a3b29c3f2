/// Deployment environment (docs/PRODUCT.md: Environments). Each keeps its own files; only `development`
/// relaxes address validation.
public enum AppEnvironment: String, CaseIterable, Sendable {
    case production
    case staging
    case development

    /// Directory name under the XDG base directories.
    public var directoryName: String {
        switch self {
        case .production: "verbumcare"
        case .staging: "verbumcare-staging"
        case .development: "verbumcare-development"
        }
    }

    /// Badge shown on every screen; nil in production.
    public var badge: String? {
        switch self {
        case .production: nil
        case .staging: "STAGING"
        case .development: "DEVELOPMENT"
        }
    }
}
