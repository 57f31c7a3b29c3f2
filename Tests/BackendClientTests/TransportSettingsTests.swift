import PropertyBased
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

    /// The mDNS allowance goes by the URL's host alone, however the URL is written.
    @Test func theMDNSAllowanceFollowsTheHost() async {
        let hosts = Gen.int(in: 0...5).map { ["lab.local", "LAB.Local", "lab.local.", "local", "lab.localhost", "lab.local.example"][$0] }
        let decorations = Gen.int(in: 0...3).map { ["", ":8443", "/api/health?x=local", "#local"][$0] }
        await propertyCheck(count: 100, input: hosts, decorations, Gen.bool) { host, decoration, userinfo in
            let url = "https://" + (userinfo ? "user.local@" : "") + host + decoration
            let expected = ["lab.local", "LAB.Local", "lab.local."].contains(host)
            #expect(TransportSettings.isMDNSHost(url: url) == expected, "\(url)")
        }
        #expect(!TransportSettings.isMDNSHost(url: "not a url .local"))
        #expect(!TransportSettings.isMDNSHost(url: "https://[fe80::1]/api"))
    }
}

