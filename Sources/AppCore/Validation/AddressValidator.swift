/// Address validation (docs/PRODUCT.md: Address validation): a pure function with stable codes.
///
/// The table's rows are checked in order. `empty`, `too_long`, `invisible_character` and
/// `invalid_url` stop; the other
/// errors accumulate, so a user sees everything wrong with an address at once. Warnings never
/// make an address invalid. `development` turns `http` and loopback hosts into the warnings
/// `insecure_http` and `loopback_host`; every other environment applies the full rules.
///
/// Decisions on points the product rules (docs/PRODUCT.md) leaves open:
/// - Any `@` in the authority counts as credentials, even with an empty user name.
/// - A bare `?` or `#` counts as a query or fragment.
/// - IPv4 must be a strict dotted quad without leading zeros; a name whose last label is
///   numeric (`127.1`, `0x7f000001`) is `invalid_host`, because resolvers read those as
///   addresses and they would otherwise slip past the loopback rule.
/// - A host name may end in one dot (kept, since it changes resolution); `localhost.` is
///   therefore a valid name that is forbidden as loopback.
/// - IPv6 is written in RFC 5952 form (`[::ffff:7f00:1]` → `[::ffff:127.0.0.1]`), so one
///   server has one normalized address. Zone ids are `invalid_host`.
/// - Normalization also resolves `.`/`..` segments (as libcurl would before sending), writes
///   every `api` segment in lower case and collapses `api/api` runs, and drops port 80 for
///   `http` as well as 443 for `https`.
/// - Loopback hosts get only `forbidden_host`/`loopback_host`, not `ip_address` or
///   `single_label_host` on top: one message says what is wrong with them.
/// - An address holding a character that does not show (`TextSanitizer.isHidden`: controls,
///   format characters, variation selectors…) is `invisible_character` and nothing else,
///   with the characters named (`U+200B`); it gets no suggestion, since the address without
///   them may be another host.
/// - Length is counted in characters (what the person typing sees).
/// - Parameters: `host` is written as in a URL (IPv6 in brackets), `port` as written.
public enum AddressValidator {
    /// Longest accepted address, after trimming (docs/PRODUCT.md: Address validation).
    public static let maxLength = 255
    /// Explicit ports that do not earn an `unusual_port` warning.
    public static let usualPorts: Set<Int> = [443, 8443, 3000]

    public static func validate(_ input: String, environment: AppEnvironment = .production) -> ValidationResult {
        // What an input method typed is read as the ASCII it means, in every entry point.
        let trimmed = URLParts.trimmingWhitespace(InputMethodText.asciiForms(input))
        var outcome = diagnose(trimmed: trimmed, environment: environment)
        var noted: [ValidationIssue] = []
        if InputMethodText.hasWideForms(input) {
            noted.append(ValidationIssue(code: .fullwidthConverted))
        }
        if let parts = outcome.parts, let unicodeHost = parts.unicodeHost {
            noted.append(ValidationIssue(code: .idnHost, parameters: ["host": unicodeHost, "ascii": parts.hostText]))
        }
        outcome.warnings = noted + outcome.warnings
        return ValidationResult(
            input: input,
            isValid: outcome.errors.isEmpty,
            normalizedAddress: outcome.normalized,
            hostKind: outcome.parts?.parsedHost?.kind,
            securityLevel: outcome.parts?.scheme == "https" ? .secure : .insecure,
            errors: outcome.errors,
            warnings: outcome.warnings,
            suggestions: suggestions(trimmed: trimmed, outcome: outcome, environment: environment))
    }

    /// Everything but the suggestions, so a suggestion can be checked without recursion.
    private struct Outcome {
        var parts: URLParts?
        var normalized: String
        var errors: [ValidationIssue] = []
        var warnings: [ValidationIssue] = []

        func has(_ code: ValidationCode) -> Bool { errors.contains { $0.code == code } }
    }

    private static func diagnose(trimmed: String, environment: AppEnvironment) -> Outcome {
        // A character that does not show (U+200B, a bidi control, a soft hyphen…) is refused
        // and named, and nothing reads the address further: UTS #46 would map most of them
        // away, and `ward\u{200B}3.example.org` would be accepted as, and shown like, another host.
        let hidden = TextSanitizer.hiddenCharacters(in: trimmed)
        let parts = hidden.isEmpty ? URLParts(parsing: trimmed) : nil
        var outcome = Outcome(parts: parts, normalized: parts?.string ?? trimmed)
        if trimmed.isEmpty {
            outcome.errors = [ValidationIssue(code: .empty)]
            return outcome
        }
        if trimmed.count > maxLength {
            outcome.errors = [ValidationIssue(code: .tooLong, parameters: ["max": String(maxLength)])]
            return outcome
        }
        if !hidden.isEmpty {
            outcome.errors = [ValidationIssue(code: .invisibleCharacter,
                                              parameters: ["characters": hidden.map(TextSanitizer.notation).joined(separator: ", ")])]
            return outcome
        }
        guard let parts else {
            outcome.errors = [ValidationIssue(code: .invalidURL)]
            return outcome
        }
        let relaxed = environment == .development
        var errors: [ValidationIssue] = []
        var warnings: [ValidationIssue] = []

        if parts.scheme != "https" {
            if relaxed && parts.scheme == "http" {
                warnings.append(ValidationIssue(code: .insecureHTTP))
            } else {
                errors.append(ValidationIssue(code: .httpsRequired))
            }
        }
        if parts.userinfo != nil {
            errors.append(ValidationIssue(code: .credentialsInURL))
        }
        if parts.query != nil || parts.fragment != nil {
            errors.append(ValidationIssue(code: .queryOrFragment))
        }
        if case .invalid(let raw) = parts.port {
            errors.append(ValidationIssue(code: .invalidPort, parameters: ["port": raw]))
        }
        let hostParameter = ["host": parts.hostForURL]
        if let host = parts.parsedHost {
            if host.isLoopbackOrUnspecified {
                if relaxed {
                    warnings.append(ValidationIssue(code: .loopbackHost, parameters: hostParameter))
                } else {
                    errors.append(ValidationIssue(code: .forbiddenHost, parameters: hostParameter))
                }
            } else {
                switch host.kind {
                case .mdns: warnings.append(ValidationIssue(code: .mdnsHost, parameters: hostParameter))
                case .ipv4, .ipv6: warnings.append(ValidationIssue(code: .ipAddress, parameters: hostParameter))
                case .singleLabel: warnings.append(ValidationIssue(code: .singleLabelHost, parameters: hostParameter))
                case .fqdn: break
                }
            }
        } else {
            // Why, when a rule can be named (a label over 63 bytes, a character a name cannot have).
            var parameters = hostParameter
            if let problem = HostProblem.of(text: parts.hostText, bracketed: parts.bracketed) {
                parameters.merge(problem.parameters) { old, _ in old }
                parameters[ValidationIssue.reasonParameter] = problem.reason
            }
            errors.append(ValidationIssue(code: .invalidHost, parameters: parameters))
        }
        if !parts.endsWithAPISegment {
            errors.append(ValidationIssue(code: .missingAPIPath))
        }
        if let port = parts.portNumber, !usualPorts.contains(port) {
            warnings.append(ValidationIssue(code: .unusualPort, parameters: ["port": String(port)]))
        }
        outcome.errors = errors
        outcome.warnings = warnings
        return outcome
    }

    /// One suggestion that fixes every fixable error at once (`invalid_url` → `https://` +
    /// input, `https_required` → `https`, `missing_api_path` → `/api` appended), already
    /// normalized. It is offered only when the result is valid: so also never for input that
    /// was something else entirely (`mailto:a@b` would become credentials on host `b`).
    private static func suggestions(trimmed: String, outcome: Outcome, environment: AppEnvironment) -> [String] {
        var fixed: Set<ValidationCode> = []
        var candidate: URLParts
        if let parts = outcome.parts {
            candidate = parts
        } else {
            guard outcome.has(.invalidURL) else { return [] }
            guard let reparsed = URLParts(parsing: "https://" + withoutBrokenScheme(trimmed)) else { return [] }
            candidate = reparsed
            fixed.insert(.invalidURL)
        }
        if outcome.has(.httpsRequired) {
            candidate.scheme = "https"
            candidate.dropDefaultPort()
            fixed.insert(.httpsRequired)
        }
        if outcome.has(.missingAPIPath) || (fixed.contains(.invalidURL) && !candidate.endsWithAPISegment) {
            candidate.segments = apiPath(for: candidate.segments)
            fixed.insert(.missingAPIPath)
        }
        guard !fixed.isEmpty else { return [] }
        let suggestion = candidate.string
        guard suggestion != outcome.normalized else { return [] }

        // Offered only when it is itself a valid address: a suggestion that would be refused
        // in turn (`https://user@host/api`, `…/api?o`) helps nobody.
        let check = diagnose(trimmed: suggestion, environment: environment)
        guard check.normalized == suggestion, check.errors.isEmpty else { return [] }
        return [suggestion]
    }

    /// The path a pasted address most likely meant: up to its last `api` segment
    /// (`/api/health` → `/api`), the server root's `/health` replaced by `/api`, else `/api`
    /// appended.
    static func apiPath(for segments: [String]) -> [String] {
        if let last = segments.lastIndex(where: { ASCII.lowercased($0) == "api" }) {
            return URLParts.normalize(segments: Array(segments[...last]))
        }
        let base = segments.last.map(ASCII.lowercased) == "health" ? Array(segments.dropLast()) : segments
        return URLParts.normalize(segments: base + ["api"])
    }

    /// What follows a mistyped `http(s)` scheme (`https:/h`, `https//h`, `http:h`) or a bare
    /// `//`, so that `https://` is not put in front of a scheme that is already there.
    private static func withoutBrokenScheme(_ text: String) -> Substring {
        var rest = Substring(text)
        let lower = ASCII.lowercased(text.prefix(5))
        let name = lower.hasPrefix("https") ? 5 : lower.hasPrefix("http") ? 4 : 0
        var separator = rest.dropFirst(name)
        if separator.first == ":" { separator = separator.dropFirst() }
        for _ in 0..<2 where separator.first == "/" { separator = separator.dropFirst() }
        let consumed = rest.count - separator.count
        if consumed > name { rest = separator }
        return rest
    }
}
