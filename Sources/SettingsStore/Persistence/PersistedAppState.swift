import Localization

// PLACEHOLDER (helper C replaces this file): signatures are the contract.
/// app-state.json (the app's `verbumcare_settings`), versioned with migration.
public struct PersistedAppState: Codable, Equatable, Sendable {
    public static let currentVersion = 2
    public var version: Int
    public var currentLanguage: AppLanguage?
    public var serverSource: ServerSource
    public var lastKnownServerId: String?
    public var serverHistory: [ServerHistoryEntry]
    public var preferences: Preferences

    public init(version: Int = PersistedAppState.currentVersion, currentLanguage: AppLanguage? = nil,
                serverSource: ServerSource = .default, lastKnownServerId: String? = nil,
                serverHistory: [ServerHistoryEntry] = [], preferences: Preferences = .defaults) {
        self.version = version
        self.currentLanguage = currentLanguage
        self.serverSource = serverSource
        self.lastKnownServerId = lastKnownServerId
        self.serverHistory = serverHistory
        self.preferences = preferences
    }
}
