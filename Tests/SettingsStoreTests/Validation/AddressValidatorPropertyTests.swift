import Foundation
import PropertyBased
import SettingsStore
import Testing

/// Properties of docs/PRODUCT.md: Address validation over generated addresses (see `AddressGen`).
@Suite("AddressValidator: properties")
struct AddressValidatorPropertyTests {
    /// The host part of `scheme://host[:port]/…` as written (IPv6 keeps its brackets).
    static func host(of address: String) -> String {
        guard let range = address.range(of: "://") else { return "" }
        let rest = address[range.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// An oracle written independently of the validator, over canonical text.
    static func looksLoopback(_ host: String) -> Bool {
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4 = octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        return bare == "localhost" || bare.hasSuffix(".localhost") || (isIPv4 && octets[0] == "127") || bare == "0.0.0.0"
            || bare == "[::1]" || bare == "[::]" || bare.hasPrefix("[::ffff:127.") || bare == "[::ffff:0.0.0.0]"
    }

    /// Path segments of the part before any query or fragment.
    static func pathSegments(of address: String) -> [Substring] {
        guard let range = address.range(of: "://") else { return [] }
        let rest = address[range.upperBound...].prefix { $0 != "?" && $0 != "#" }
        return Array(rest.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }

    static func hasDoubleAPI(_ address: String) -> Bool {
        let segments = pathSegments(of: address).map { $0.lowercased() }
        return zip(segments, segments.dropFirst()).contains { $0 == "api" && $1 == "api" }
    }

    @Test("every accepted address is https, not loopback, ends in /api, has no query, fragment or credentials")
    func acceptedAddresses() async {
        var accepted = 0
        await propertyCheck(count: 300, input: AddressGen.mostlyValid) { input in
            let result = AddressValidator.validate(input)
            guard result.isValid else { return }
            accepted += 1
            let address = result.normalizedAddress
            #expect(address.hasPrefix("https://"))
            #expect(result.securityLevel == .secure)
            #expect(address.hasSuffix("/api"))
            #expect(!address.contains("?") && !address.contains("#") && !address.contains("@"))
            #expect(!Self.looksLoopback(Self.host(of: address)))
            #expect(!Self.looksLoopback(Self.host(of: input.lowercased())))
            #expect(result.hostKind != nil)
            #expect(address.count <= AddressValidator.maxLength)
            #expect(result.errors.isEmpty)
        }
        // The generator must actually reach the property.
        #expect(accepted >= 100)
    }

    @Test("accepted normalized addresses validate again unchanged, with the same warnings")
    func acceptedAreStable() async {
        await propertyCheck(count: 300, input: AddressGen.mostlyValid) { input in
            let first = AddressValidator.validate(input)
            guard first.isValid else { return }
            let second = AddressValidator.validate(first.normalizedAddress)
            #expect(second.isValid)
            #expect(second.normalizedAddress == first.normalizedAddress)
            // The notes on how the input was read (full-width, IDN) belong to that input only:
            // its normalized form is already ASCII and A-labels.
            let readingNotes: Set<ValidationCode> = [.fullwidthConverted, .idnHost]
            #expect(second.warnings == first.warnings.filter { !readingNotes.contains($0.code) })
            #expect(second.hostKind == first.hostKind)
            #expect(second.suggestions.isEmpty)
        }
    }

    @Test("normalization is idempotent, for URL-like and arbitrary input")
    func idempotent() async {
        await propertyCheck(count: 300, input: AddressGen.urlLike) { input in
            let once = AddressValidator.validate(input).normalizedAddress
            #expect(AddressValidator.validate(once).normalizedAddress == once)
        }
        await propertyCheck(count: 200, input: AddressGen.unicode) { input in
            let once = AddressValidator.validate(input).normalizedAddress
            #expect(AddressValidator.validate(once).normalizedAddress == once)
        }
    }

    @Test("neither normalization nor a suggestion produces /api/api")
    func neverDoubleAPI() async {
        var parsed = 0
        await propertyCheck(count: 300, input: AddressGen.urlLike) { input in
            let result = AddressValidator.validate(input)
            for suggestion in result.suggestions {
                #expect(!Self.hasDoubleAPI(suggestion), "\(suggestion)")
            }
            // Unparseable input is echoed (trimmed); only a parsed address is rebuilt.
            guard !result.errors.contains(where: { [.empty, .tooLong, .invalidURL].contains($0.code) }) else { return }
            parsed += 1
            #expect(!Self.hasDoubleAPI(result.normalizedAddress), "\(result.normalizedAddress)")
        }
        #expect(parsed >= 100)
    }

    @Test("suggestions are normalized, remove the errors they fix, and are always valid themselves")
    func suggestions() async {
        var offered = 0
        await propertyCheck(count: 400, input: AddressGen.urlLike) { input in
            for environment in [AppEnvironment.production, .development] {
                let result = AddressValidator.validate(input, environment: environment)
                let codes = Set(result.errors.map(\.code))
                let fixable: Set<ValidationCode> = [.httpsRequired, .missingAPIPath]
                if !codes.isEmpty, codes.isSubset(of: fixable) {
                    #expect(result.suggestions.count == 1, "\(input)")
                }
                #expect(result.suggestions.count <= 1)
                for suggestion in result.suggestions {
                    offered += 1
                    let again = AddressValidator.validate(suggestion, environment: environment)
                    #expect(again.normalizedAddress == suggestion)
                    #expect(!again.errors.contains { [.invalidURL, .httpsRequired, .missingAPIPath].contains($0.code) })
                    #expect(again.errors.count < result.errors.count || codes.contains(.invalidURL))
                    #expect(again.isValid, "\(input) → \(suggestion)")
                    #expect(suggestion.hasPrefix("https://") || (environment == .development && suggestion.hasPrefix("http://")))
                }
            }
        }
        #expect(offered >= 50)
    }

    @Test("the validator never crashes and stays consistent on arbitrary Unicode")
    func arbitraryUnicode() async {
        await propertyCheck(count: 300, input: AddressGen.unicode) { input in
            for environment in AppEnvironment.allCases {
                let result = AddressValidator.validate(input, environment: environment)
                #expect(result.input == input)
                #expect(result.isValid == result.errors.isEmpty)
                #expect(!result.errors.isEmpty || result.hostKind != nil)
                let trimmed = String(input.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
                #expect((result.errors.first?.code == .empty) == trimmed.isEmpty)
                if trimmed.count > AddressValidator.maxLength { #expect(result.errors.map(\.code) == [.tooLong]) }
                if result.isValid, let address = ServerAddress(baseURL: result.normalizedAddress) {
                    #expect(address.baseURL == result.normalizedAddress)
                } else if result.isValid {
                    Issue.record("valid but not a ServerAddress: \(result.normalizedAddress)")
                }
                _ = ServerCatalog.customServer(address: input, connectionTimeoutSeconds: 10)
            }
        }
    }

    @Test("staging validates exactly like production; development only relaxes")
    func environments() async {
        await propertyCheck(count: 300, input: AddressGen.urlLike) { input in
            let production = AddressValidator.validate(input, environment: .production)
            let staging = AddressValidator.validate(input, environment: .staging)
            let development = AddressValidator.validate(input, environment: .development)
            #expect(staging == production)
            #expect(development.normalizedAddress == production.normalizedAddress)
            // Development's errors are production's minus the two it relaxes.
            let relaxed: Set<ValidationCode> = [.httpsRequired, .forbiddenHost]
            #expect(Set(development.errors.map(\.code)).isSubset(of: Set(production.errors.map(\.code))))
            #expect(production.errors.filter { !relaxed.contains($0.code) } == development.errors.filter { !relaxed.contains($0.code) })
            if production.isValid { #expect(development.isValid) }
        }
    }
}
