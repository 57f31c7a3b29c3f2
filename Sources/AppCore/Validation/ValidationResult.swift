/// The result of validating an address (docs/PRODUCT.md: Address validation). Messages are produced from the codes by
/// the presentation layer (CLI, UI), in the language in use.
public struct ValidationResult: Equatable, Sendable {
    public var input: String
    public var isValid: Bool
    public var normalizedAddress: String
    public var hostKind: HostKind?
    public var securityLevel: SecurityLevel
    public var errors: [ValidationIssue]
    public var warnings: [ValidationIssue]
    public var suggestions: [String]

    public init(input: String, isValid: Bool, normalizedAddress: String, hostKind: HostKind?,
                securityLevel: SecurityLevel, errors: [ValidationIssue], warnings: [ValidationIssue],
                suggestions: [String]) {
        self.input = input
        self.isValid = isValid
        self.normalizedAddress = normalizedAddress
        self.hostKind = hostKind
        self.securityLevel = securityLevel
        self.errors = errors
        self.warnings = warnings
        self.suggestions = suggestions
    }
}
