/// What `addCustomServer` did, with the validation result to show in any case.
public struct AddCustomServerResult: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Added to `custom_servers` and to `availableServers`.
        case added(ServerConfig)
        /// Not valid; `validation` says why. Nothing was written.
        case invalid
        /// The same normalized address is already known (prefilled or custom). Nothing was added.
        case duplicate(existing: ServerConfig)
    }

    public var validation: ValidationResult
    public var outcome: Outcome

    public init(validation: ValidationResult, outcome: Outcome) {
        self.validation = validation
        self.outcome = outcome
    }

    public var server: ServerConfig? {
        switch outcome {
        case let .added(server), let .duplicate(existing: server): server
        case .invalid: nil
        }
    }
}
