import FoundationEssentials
import SettingsStore

/// What the app keeps of one server (docs/PRODUCT.md: Switching, fallback, server data and sign-in "server-specific data"): its `/api/config`
/// answer and its last health results. Saved when switching away, restored when switching back.
public struct ServerSnapshot: Equatable, Sendable {
    /// The `/api/config` answer as sanitized JSON bytes.
    public var config: Data?
    public var health: DetailedStatus?

    public init(config: Data? = nil, health: DetailedStatus? = nil) {
        self.config = config
        self.health = health
    }

    public var isEmpty: Bool { config == nil && health == nil }
}
