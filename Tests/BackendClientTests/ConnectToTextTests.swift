import PropertyBased
import Testing
@testable import BackendClient

/// Issue 27 item 6: libcurl's words name the address it connected to, which under
/// `--connect-to` is a loopback address the person never typed. `asRequested` puts back the
/// host and port of the URL, for every libcurl wording seen, any address and any port.
@Suite struct ConnectToTextTests {
    static let templates = [
        "Failed to connect to {h} port {p} after 0 ms: Couldn't connect to server",
        "Failed to connect to {h} port {p} after 10002 ms: Timeout was reached",
        "Connection timed out after 10001 milliseconds",
        "Recv failure: Connection reset by peer",
        "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to {h}:{p} ",
        "SSL: no alternative certificate subject name matches target host name 'verbumcare-lab.local'",
        "Connected to {h} ({h}) port {p}",
        "Failed to connect to [{h}]:{p}",
    ]
    static let loopback = Gen.int(in: 0...255).array(of: 3...3).map { "127." + $0.map(String.init).joined(separator: ".") }
    static let hosts = Gen.element(of: ["verbumcare-lab.local", "verbumcaremac-mini", "verbumcaremac-mini.tail609750.ts.net",
                                        "ward3.example.jp"]).map { $0 ?? "ward3.example.jp" }
    static let template = Gen.element(of: templates).map { $0 ?? "" }

    @Test func theConnectAddressNeverShowsAndTheHostDoes() async {
        await propertyCheck(count: 300, input: Self.template, Self.loopback, Gen.int(in: 1024...65535),
                            Self.hosts) { template, address, port, host in
            let raw = template.replacing("{h}", with: address).replacing("{p}", with: String(port))
            let rules = [ConnectToSpec(host: "other.example", port: 443, connectHost: "10.9.9.9", connectPort: 1),
                         ConnectToSpec(host: host, port: 443, connectHost: address, connectPort: port)]
            let shown = ConnectToSpec.asRequested(raw, url: "https://\(host)/api/health", rules: rules)
            #expect(!shown.contains(address), "\(shown)")
            #expect(!shown.contains("port \(port)") && !shown.contains(":\(port)"), "\(shown)")
            if template.contains("{h}") { #expect(shown.contains(host), "\(shown)") }
            if template.contains("{h} port") { #expect(shown.contains("\(host) port 443"), "\(shown)") }
        }
    }

    @Test func aRuleThatDoesNotApplyLeavesTheTextAlone() {
        let raw = "Failed to connect to 127.0.0.1 port 35987 after 0 ms: Couldn't connect to server"
        let rule = ConnectToSpec(host: "verbumcare-lab.local", port: 8443, connectHost: "127.0.0.1", connectPort: 35987)
        #expect(ConnectToSpec.asRequested(raw, url: "https://verbumcare-lab.local/api/health", rules: [rule]) == raw)
        let any = ConnectToSpec(host: "", port: nil, connectHost: "127.0.0.1", connectPort: 35987)
        #expect(ConnectToSpec.asRequested(raw, url: "https://verbumcare-lab.local/api/health", rules: [any])
            == "Failed to connect to verbumcare-lab.local port 443 after 0 ms: Couldn't connect to server")
    }
}
