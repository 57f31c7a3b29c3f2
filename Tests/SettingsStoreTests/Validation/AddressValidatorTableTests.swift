import SettingsStore
import Testing

/// One test per row of the docs/PRODUCT.md: Address validation table, in table order, plus normalization.
@Suite("AddressValidator: docs/PRODUCT.md: Address validation table")
struct AddressValidatorTableTests {
    private func errorCodes(_ input: String, _ environment: AppEnvironment = .production) -> [ValidationCode] {
        AddressValidator.validate(input, environment: environment).errors.map(\.code)
    }

    private func warningCodes(_ input: String, _ environment: AppEnvironment = .production) -> [ValidationCode] {
        AddressValidator.validate(input, environment: environment).warnings.map(\.code)
    }

    // MARK: empty / too_long / invalid_url (the three that stop)

    @Test("empty after trimming", arguments: ["", " ", "\t\n ", "\u{3000}", "\u{00A0} \r\n"])
    func empty(input: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors == [ValidationIssue(code: .empty)])
        #expect(!result.isValid)
        #expect(result.normalizedAddress == "")
        #expect(result.suggestions.isEmpty)
        #expect(result.hostKind == nil)
        #expect(result.securityLevel == .insecure)
    }

    @Test("longer than 255 characters after trimming is too_long and stops")
    func tooLong() {
        let base = "https://h.example/"
        let tail = "/api"
        let filler = String(repeating: "a", count: 256 - base.count - tail.count)
        let long = base + filler + tail
        #expect(long.count == 256)
        let result = AddressValidator.validate("  " + long + "  ")
        #expect(result.errors == [ValidationIssue(code: .tooLong, parameters: ["max": "255"])])
        #expect(result.warnings.isEmpty)
        #expect(result.normalizedAddress == long)

        let exact = base + String(filler.dropFirst()) + tail
        #expect(exact.count == 255)
        #expect(AddressValidator.validate(exact).isValid)
        // Trimming happens first: white space does not count.
        #expect(AddressValidator.validate(" \n" + exact + " \t").isValid)
        // Too long stops even when the address would also be http with a query.
        #expect(errorCodes("http://" + String(repeating: "x", count: 300) + "?q") == [.tooLong])
    }

    @Test("no scheme is invalid_url with an https:// suggestion")
    func noScheme() {
        let result = AddressValidator.validate("verbumcare-lab.local/api")
        #expect(result.errors.map(\.code) == [.invalidURL])
        #expect(result.suggestions == ["https://verbumcare-lab.local/api"])
        #expect(AddressValidator.validate(result.suggestions[0]).isValid)
        #expect(result.normalizedAddress == "verbumcare-lab.local/api")
        #expect(result.hostKind == nil)

        // The suggestion also adds /api, normalizes, and handles a scheme-relative input.
        #expect(AddressValidator.validate("Ward3.Example.org/API/").suggestions == ["https://ward3.example.org/api"])
        #expect(AddressValidator.validate("//ward3.example.org").suggestions == ["https://ward3.example.org/api"])
        #expect(AddressValidator.validate("ward3.example.org:8443").suggestions == ["https://ward3.example.org:8443/api"])
        // A mistyped scheme is repaired rather than prefixed.
        #expect(AddressValidator.validate("https:/ward3.example.org/api").suggestions == ["https://ward3.example.org/api"])
        #expect(AddressValidator.validate("https//ward3.example.org/api").suggestions == ["https://ward3.example.org/api"])
        #expect(AddressValidator.validate("HTTP:ward3.example.org").suggestions == ["https://ward3.example.org/api"])
        #expect(AddressValidator.validate("httpbin.example/api").suggestions == ["https://httpbin.example/api"])
    }

    @Test("unparseable input without a sensible https:// form gets no suggestion",
          arguments: ["https://", "https:///api", "mailto:a@b.example",
                      "https://h.example/a b", "https://h.example/caf\u{E9}/api", "ht tp://h.example/api",
                      "1https://h.example/api", "https://[::1/api", "https://h]x/api", "https:",
                      "https://user@/api", "https://[]/api"])
    func invalidURL(input: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors.map(\.code) == [.invalidURL])
        #expect(result.suggestions.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    // MARK: https_required

    @Test("http is https_required with the https form suggested")
    func httpRequiresHTTPS() {
        let result = AddressValidator.validate("http://ward4.local/api")
        #expect(result.errors.map(\.code) == [.httpsRequired])
        #expect(result.securityLevel == .insecure)
        #expect(result.suggestions == ["https://ward4.local/api"])
        #expect(result.warnings.map(\.code) == [.mdnsHost])

        // Scheme case does not matter; the suggestion fixes /api too.
        #expect(errorCodes("HTTPS://h.example/api") == [])
        #expect(AddressValidator.validate("HTTP://H.example").suggestions == ["https://h.example/api"])
        // Other schemes too.
        let ftp = AddressValidator.validate("ftp://h.example/api")
        #expect(ftp.errors.map(\.code) == [.httpsRequired])
        #expect(ftp.suggestions == ["https://h.example/api"])
        // http's default port 80 goes with it; 443 written on http becomes https's default.
        #expect(AddressValidator.validate("http://h.example:80/api").suggestions == ["https://h.example/api"])
        #expect(AddressValidator.validate("http://h.example:443/api").suggestions == ["https://h.example/api"])
        #expect(AddressValidator.validate("http://h.example:8080/api").suggestions == ["https://h.example:8080/api"])
    }

    // MARK: credentials_in_url, query_or_fragment

    @Test("user name or password is credentials_in_url", arguments: [
        "https://user:pw@h.example/api", "https://user@h.example/api", "https://@h.example/api",
        "https://a@b@h.example/api",
    ])
    func credentials(input: String) {
        #expect(errorCodes(input) == [.credentialsInURL])
    }

    @Test("query or fragment is query_or_fragment", arguments: [
        "https://h.example/api?x=1", "https://h.example/api#f", "https://h.example/api?", "https://h.example/api#",
        "https://h.example/api?x=1#f", "https://h.example?x=/api",
    ])
    func queryOrFragment(input: String) {
        let codes = errorCodes(input)
        #expect(codes.first == .queryOrFragment)
        let endsInAPI = input.contains("/api?") || input.contains("/api#")
        #expect(codes.contains(.missingAPIPath) == !endsInAPI)
    }

    // MARK: invalid_port

    @Test("port 0, above 65535, empty or not a number is invalid_port", arguments: [
        ("https://h.example:0/api", "0"), ("https://h.example:70000/api", "70000"),
        ("https://h.example:65536/api", "65536"), ("https://h.example:/api", ""),
        ("https://h.example:abc/api", "abc"), ("https://h.example:+443/api", "+443"),
        ("https://h.example:99999999999999999999999/api", "99999999999999999999999"),
        ("https://[2001:db8::1]:-1/api", "-1"),
    ])
    func invalidPort(input: String, port: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors == [ValidationIssue(code: .invalidPort, parameters: ["port": port])])
    }

    @Test("ports 443, 8443, 3000 are usual; 8080 and 65535 warn unusual_port")
    func ports() {
        let p443 = AddressValidator.validate("https://h.example:443/api")
        #expect(p443.isValid && p443.warnings.isEmpty)
        #expect(p443.normalizedAddress == "https://h.example/api")
        #expect(AddressValidator.validate("https://h.example:0443/api").normalizedAddress == "https://h.example/api")
        for port in ["8443", "3000"] {
            let result = AddressValidator.validate("https://h.example:\(port)/api")
            #expect(result.isValid && result.warnings.isEmpty)
            #expect(result.normalizedAddress == "https://h.example:\(port)/api")
        }
        for port in ["8080", "65535", "1"] {
            let result = AddressValidator.validate("https://h.example:\(port)/api")
            #expect(result.isValid)
            #expect(result.warnings == [ValidationIssue(code: .unusualPort, parameters: ["port": port])])
        }
    }

    // MARK: invalid_host

    @Test("host outside the DNS / IPv4 / IPv6 rules is invalid_host", arguments: [
        ("https://h_x.example/api", "h_x.example"), ("https://-h.example/api", "-h.example"),
        ("https://h-.example/api", "h-.example"), ("https://h..example/api", "h..example"),
        ("https://.h.example/api", ".h.example"), ("https://h.example../api", "h.example.."),
        ("https://256.1.1.1/api", "256.1.1.1"), ("https://1.2.3/api", "1.2.3"), ("https://1.2.3.4.5/api", "1.2.3.4.5"),
        ("https://010.0.0.1/api", "010.0.0.1"), ("https://127.1/api", "127.1"), ("https://2130706433/api", "2130706433"),
        ("https://0x7f000001/api", "0x7f000001"), ("https://0x7f.0.0.1/api", "0x7f.0.0.1"),
        ("https://127.0.0.1./api", "127.0.0.1."), ("https://[h.example]/api", "[h.example]"),
        ("https://[127.0.0.1]/api", "[127.0.0.1]"), ("https://[1::2::3]/api", "[1::2::3]"),
        ("https://[1:2:3:4:5:6:7:8:9]/api", "[1:2:3:4:5:6:7:8:9]"), ("https://[12345::1]/api", "[12345::1]"),
        ("https://[::1%25eth0]/api", "[::1%25eth0]"), ("https://[:1::]/api", "[:1::]"),
        ("https://[1:2:3:4:5:6:7]/api", "[1:2:3:4:5:6:7]"), ("https://[::ffff:256.0.0.1]/api", "[::ffff:256.0.0.1]"),
        // A Unicode name is valid since SPEC §4 reads it as its A-labels (InputMethodAndIDNTests);
        // one with symbols that no script writes a name with is not.
        ("https://fe80::1/api", "fe80::1"), ("https://\u{2665}\u{263A}.jp/api", "\u{2665}\u{263A}.jp"),
        ("https://h%2e.example/api", "h%2e.example"),
    ])
    func invalidHost(input: String, host: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors.map(\.code) == [.invalidHost])
        #expect(result.errors.first?.parameters["host"] == host)
        // Each says why (InvalidHostReasonTests).
        #expect(result.errors.first?.parameters[ValidationIssue.reasonParameter] != nil)
        #expect(result.hostKind == nil)
    }

    @Test("labels up to 63 and names up to 253 characters are valid; longer ones are not")
    func lengthLimits() {
        let label63 = String(repeating: "a", count: 63)
        #expect(AddressValidator.validate("https://\(label63).example/api").isValid)
        #expect(errorCodes("https://\(label63)b.example/api") == [.invalidHost])
        // A 253-character name cannot fit in a 255-character address, so the name limit is
        // checked through ServerAddress, which shares the host rule without the length rule.
        let name253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(name253.count == 253)
        #expect(ServerAddress(baseURL: "https://\(name253)/api")?.host == name253)
        #expect(ServerAddress(baseURL: "https://\(name253)./api")?.host == name253 + ".")
        #expect(ServerAddress(baseURL: "https://\(name253)c/api") == nil)
    }

    @Test("valid IPv4 and IPv6 hosts warn ip_address and are written canonically", arguments: [
        ("https://192.168.1.10/api", "https://192.168.1.10/api", HostKind.ipv4, "192.168.1.10"),
        ("https://10.0.0.0/api", "https://10.0.0.0/api", .ipv4, "10.0.0.0"),
        ("https://255.255.255.255/api", "https://255.255.255.255/api", .ipv4, "255.255.255.255"),
        ("https://[2001:DB8:0:0:0:0:0:1]/api", "https://[2001:db8::1]/api", .ipv6, "[2001:db8::1]"),
        ("https://[2001:db8:0:1:0:0:0:1]:8443/api", "https://[2001:db8:0:1::1]:8443/api", .ipv6, "[2001:db8:0:1::1]"),
        ("https://[fe80::]/api", "https://[fe80::]/api", .ipv6, "[fe80::]"),
        ("https://[1:0:1:0:1:0:1:0]/api", "https://[1:0:1:0:1:0:1:0]/api", .ipv6, "[1:0:1:0:1:0:1:0]"),
        ("https://[::ffff:192.168.1.1]/api", "https://[::ffff:192.168.1.1]/api", .ipv6, "[::ffff:192.168.1.1]"),
        ("https://[::ffff:c0a8:101]/api", "https://[::ffff:192.168.1.1]/api", .ipv6, "[::ffff:192.168.1.1]"),
        ("https://[64:ff9b::1.2.3.4]/api", "https://[64:ff9b::102:304]/api", .ipv6, "[64:ff9b::102:304]"),
    ])
    func ipHosts(input: String, normalized: String, kind: HostKind, host: String) {
        let result = AddressValidator.validate(input)
        #expect(result.isValid)
        #expect(result.normalizedAddress == normalized)
        #expect(result.hostKind == kind)
        #expect(result.warnings.first == ValidationIssue(code: .ipAddress, parameters: ["host": host]))
    }

    // MARK: forbidden_host

    @Test("loopback and unspecified hosts are forbidden_host in production", arguments: [
        ("https://localhost/api", "localhost"), ("https://LOCALHOST/api", "localhost"),
        ("https://localhost./api", "localhost."), ("https://foo.localhost/api", "foo.localhost"),
        ("https://a.b.localhost./api", "a.b.localhost."),
        ("https://127.0.0.1/api", "127.0.0.1"), ("https://127.0.0.2/api", "127.0.0.2"),
        ("https://127.255.255.254:8443/api", "127.255.255.254"), ("https://0.0.0.0/api", "0.0.0.0"),
        ("https://[::1]/api", "[::1]"), ("https://[0:0:0:0:0:0:0:1]/api", "[::1]"), ("https://[::]/api", "[::]"),
        ("https://[::ffff:127.0.0.1]/api", "[::ffff:127.0.0.1]"), ("https://[::ffff:7f00:1]/api", "[::ffff:127.0.0.1]"),
        ("https://[::FFFF:7F12:3456]/api", "[::ffff:127.18.52.86]"), ("https://[::ffff:0.0.0.0]/api", "[::ffff:0.0.0.0]"),
    ])
    func forbiddenHost(input: String, host: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors == [ValidationIssue(code: .forbiddenHost, parameters: ["host": host])])
        // One message about the host, not an ip_address / single_label warning on top.
        #expect(result.warnings.allSatisfy { $0.code == .unusualPort })
        #expect(result.suggestions.isEmpty)
    }

    @Test("names that merely contain localhost are not loopback")
    func notLoopback() {
        for input in ["https://localhost.example/api", "https://mylocalhost/api", "https://localhostx.example/api",
                      "https://128.0.0.1/api", "https://[::2]/api", "https://[::ffff:128.0.0.1]/api"] {
            #expect(!errorCodes(input).contains(.forbiddenHost), "\(input)")
            #expect(AddressValidator.validate(input).isValid, "\(input)")
        }
    }

    // MARK: missing_api_path

    // The suggestion cuts after the last api segment, replaces the root's /health, or adds /api.
    @Test("a path that does not end with /api is missing_api_path with the /api path suggested", arguments: [
        ("https://h.example", "https://h.example/api"), ("https://h.example/", "https://h.example/api"),
        ("https://h.example/v2", "https://h.example/v2/api"), ("https://h.example/api/v2", "https://h.example/api"),
        ("https://h.example/apis", "https://h.example/apis/api"), ("https://h.example/health", "https://h.example/api"),
        ("https://host/api/health", "https://host/api"), ("https://h.example/ward/API/health", "https://h.example/ward/api"),
        ("https://h.example:8443//v2//", "https://h.example:8443/v2/api"),
    ])
    func missingAPIPath(input: String, suggestion: String) {
        let result = AddressValidator.validate(input)
        #expect(result.errors.map(\.code) == [.missingAPIPath])
        #expect(result.suggestions == [suggestion])
        let again = AddressValidator.validate(suggestion)
        #expect(again.isValid)
        #expect(again.normalizedAddress == suggestion)
    }

    // MARK: warnings

    @Test("the three prefilled addresses are valid, with their warnings")
    func prefilled() {
        let pn51 = AddressValidator.validate("https://verbumcare-lab.local/api")
        #expect(pn51.isValid && pn51.errors.isEmpty)
        #expect(pn51.hostKind == .mdns)
        #expect(pn51.securityLevel == .secure)
        #expect(pn51.warnings == [ValidationIssue(code: .mdnsHost, parameters: ["host": "verbumcare-lab.local"])])
        #expect(pn51.normalizedAddress == "https://verbumcare-lab.local/api")

        let macMini = AddressValidator.validate("https://verbumcaremac-mini/api")
        #expect(macMini.isValid)
        #expect(macMini.hostKind == .singleLabel)
        #expect(macMini.warnings == [ValidationIssue(code: .singleLabelHost, parameters: ["host": "verbumcaremac-mini"])])

        let tailscale = AddressValidator.validate("https://verbumcarenomac-mini.local/api")
        #expect(tailscale.isValid)
        #expect(tailscale.hostKind == .mdns)
        #expect(tailscale.warnings.map(\.code) == [.mdnsHost])
    }

    @Test("fqdn has no host warning; single label and mdns are recognized with a trailing dot")
    func hostKinds() {
        let fqdn = AddressValidator.validate("https://ward3.example.org/api")
        #expect(fqdn.hostKind == .fqdn && fqdn.warnings.isEmpty && fqdn.isValid)
        #expect(AddressValidator.validate("https://ward3.local./api").hostKind == .mdns)
        #expect(AddressValidator.validate("https://ward3./api").hostKind == .singleLabel)
        #expect(AddressValidator.validate("https://local/api").hostKind == .singleLabel)
        #expect(AddressValidator.validate("https://ward3.local.example/api").hostKind == .fqdn)
    }

    @Test("warnings accumulate in table order and never invalidate")
    func warningOrder() {
        let result = AddressValidator.validate("https://ward5.local:9000/api")
        #expect(result.isValid)
        #expect(result.warnings.map(\.code) == [.mdnsHost, .unusualPort])
        #expect(warningCodes("https://10.1.2.3:8080/api") == [.ipAddress, .unusualPort])
        #expect(warningCodes("https://ward5:1/api") == [.singleLabelHost, .unusualPort])
    }

    @Test("errors accumulate in table order")
    func errorOrder() {
        let result = AddressValidator.validate("http://u:p@127.0.0.1:0/v1?x#y")
        #expect(result.errors.map(\.code) == [.httpsRequired, .credentialsInURL, .queryOrFragment, .invalidPort,
                                              .forbiddenHost, .missingAPIPath])
        #expect(!result.isValid)
        // A suggestion that would itself be refused is not offered.
        for input in ["http://u@h.example/v1", "https://ql1/api?o", "ql1/api?o", "https://user@host/api",
                      "https://h.example/api#frag", "http://h.example/v1?x"] {
            #expect(AddressValidator.validate(input).suggestions.isEmpty, "\(input)")
        }
    }

    // MARK: development

    @Test("development turns http and loopback into warnings")
    func development() {
        let local = AddressValidator.validate("http://localhost:3000/api", environment: .development)
        #expect(local.isValid)
        #expect(local.errors.isEmpty)
        #expect(local.warnings == [ValidationIssue(code: .insecureHTTP),
                                   ValidationIssue(code: .loopbackHost, parameters: ["host": "localhost"])])
        #expect(local.securityLevel == .insecure)
        #expect(local.suggestions.isEmpty)

        let v6 = AddressValidator.validate("https://[::1]:8443/api", environment: .development)
        #expect(v6.isValid && v6.warnings.map(\.code) == [.loopbackHost])
        #expect(AddressValidator.validate("http://127.0.0.1:8080/api", environment: .development).warnings.map(\.code)
                == [.insecureHTTP, .loopbackHost, .unusualPort])
        // Only http is relaxed, and only the scheme and loopback rules.
        #expect(errorCodes("ftp://h.example/api", .development) == [.httpsRequired])
        #expect(errorCodes("http://u@localhost/api?x", .development) == [.credentialsInURL, .queryOrFragment])
        #expect(errorCodes("http://localhost", .development) == [.missingAPIPath])
        #expect(AddressValidator.validate("localhost:3000/api", environment: .development).suggestions
                == ["https://localhost:3000/api"])
    }

    @Test("production and staging never relax", arguments: [AppEnvironment.production, .staging])
    func noRelaxation(environment: AppEnvironment) {
        #expect(errorCodes("http://localhost:3000/api", environment) == [.httpsRequired, .forbiddenHost])
        #expect(errorCodes("https://[::1]/api", environment) == [.forbiddenHost])
        #expect(AddressValidator.validate("http://h.example/api", environment: environment).warnings.isEmpty)
    }

    // MARK: normalization

    @Test("normalization: trim, case, default port, slashes, /API", arguments: [
        ("  https://Ward3.Example.ORG/api  ", "https://ward3.example.org/api"),
        ("HTTPS://VERBUMCARE-LAB.LOCAL/API", "https://verbumcare-lab.local/api"),
        ("https://h.example/API/", "https://h.example/api"),
        ("https://h.example/Api///", "https://h.example/api"),
        ("https://h.example//v2///api//", "https://h.example/v2/api"),
        ("https://h.example:443/api", "https://h.example/api"),
        ("https://h.example:08443/api", "https://h.example:8443/api"),
        ("https://h.example/V2/API", "https://h.example/V2/api"),
        ("https://h.example/api/api", "https://h.example/api"),
        ("https://h.example/api/API/", "https://h.example/api"),
        ("https://h.example/x/./y/../api", "https://h.example/x/api"),
        ("https://h.example/api/x/../api", "https://h.example/api"),
        ("https://h.example/%7Ev2/api", "https://h.example/%7Ev2/api"),
        ("\thttps://h.example/api\n", "https://h.example/api"),
    ])
    func normalization(input: String, expected: String) {
        let result = AddressValidator.validate(input)
        #expect(result.normalizedAddress == expected)
        #expect(result.isValid)
        #expect(result.input == input)
    }

    @Test("invalid input is normalized too, so a suggestion can build on it")
    func normalizationOfInvalid() {
        #expect(AddressValidator.validate("HTTP://H.Example:80//x/").normalizedAddress == "http://h.example/x")
        #expect(AddressValidator.validate("https://U:P@H.example/api?Q#F").normalizedAddress
                == "https://U:P@h.example/api?Q#F")
        #expect(AddressValidator.validate("https://H_X.example:abc/API").normalizedAddress
                == "https://h_x.example:abc/api")
        #expect(AddressValidator.validate("  not a url  ").normalizedAddress == "not a url")
    }
}
