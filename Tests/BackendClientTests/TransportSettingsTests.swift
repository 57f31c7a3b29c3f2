import Testing
@testable import BackendClient

@Suite struct TransportSettingsTests {
    @Test func resolveCombinesTimeoutBundleAndRules() throws {
        let settings = try TransportSettings.resolve(
            connectionTimeoutSeconds: 7, caCertArgument: nil, caBundleSetting: "/etc/verbumcare/ca.pem",
            connectToArguments: ["a.example:443:127.0.0.1:9"],
            environment: ["CURL_CA_BUNDLE": "/x.pem", "VERBUMCARE_CONNECT_TO": "b.example:443:127.0.0.1:10"])
        #expect(settings.connectTimeoutMs == 7000 && settings.totalTimeoutMs == 7000)
        #expect(settings.caBundle == CABundle(path: "/etc/verbumcare/ca.pem", source: .setting))
        #expect(settings.connectTo.map(\.host) == ["a.example", "b.example"])
        #expect(settings.timeouts(for: "https://verbumcare-lab.local/api").connectMs == 8000, "mDNS allowance")
        #expect(settings.timeouts(for: "https://verbumcaremac-mini/api").connectMs == 7000)
    }
}
