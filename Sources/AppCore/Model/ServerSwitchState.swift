/// The visible steps of a switch (docs/PRODUCT.md: Switching, fallback, server data and sign-in), in order. Catalog keys: `switch.step.<raw>`.
public enum SwitchStep: String, Sendable, CaseIterable {
    case validating
    case testingConnection = "testing_connection"
    case savingServerData = "saving_server_data"
    case clearingServerData = "clearing_server_data"
    case restoringServerData = "restoring_server_data"
    case signingIn = "signing_in"
}

public struct ServerSwitchState: Equatable, Sendable {
    public var isInProgress: Bool
    public var fromServerId: String?
    public var toServerId: String?
    public var progress: SwitchStep?
    /// Seconds since 1970.
    public var startedAt: Double?
    public var error: AppError?

    public init(isInProgress: Bool = false, fromServerId: String? = nil, toServerId: String? = nil,
                progress: SwitchStep? = nil, startedAt: Double? = nil, error: AppError? = nil) {
        self.isInProgress = isInProgress
        self.fromServerId = fromServerId
        self.toServerId = toServerId
        self.progress = progress
        self.startedAt = startedAt
        self.error = error
    }

    public static let idle = ServerSwitchState()
}
