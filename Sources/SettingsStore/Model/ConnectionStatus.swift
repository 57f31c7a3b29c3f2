/// SPEC §6.4. Raw values are the JSON contract.
public enum ConnectionStatus: String, Codable, Sendable, CaseIterable {
    case connected
    case disconnected
    case testing
    case switching
    case error
}

/// Where the current server choice came from (SPEC §7).
public enum ServerSource: String, Codable, Sendable, CaseIterable {
    case nativeSettings = "native_settings"
    case `default`
    case fallback
}
