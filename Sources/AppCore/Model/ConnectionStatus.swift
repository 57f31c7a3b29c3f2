/// docs/PRODUCT.md: Status machine. Raw values are the JSON contract.
public enum ConnectionStatus: String, Sendable, CaseIterable {
    case connected
    case disconnected
    case testing
    case switching
    case error
}

/// Where the current server choice came from (docs/PRODUCT.md: The store).
public enum ServerSource: String, Sendable, CaseIterable {
    case nativeSettings = "native_settings"
    case `default`
    case fallback
}
