// PLACEHOLDER (helper B replaces this file): signature is the contract.
/// Address validation (SPEC §4): a pure function with stable codes.
public enum AddressValidator {
    public static func validate(_ input: String, environment: AppEnvironment = .production) -> ValidationResult {
        ValidationResult(input: input, isValid: false, normalizedAddress: input, hostKind: nil,
                         securityLevel: .insecure, errors: [ValidationIssue(code: .invalidURL)],
                         warnings: [], suggestions: [])
    }
}
