import TestSupport
import PropertyBased
import Testing
@testable import BackendClient

@Suite struct ConnectToSpecTests {
    static let hostName = Gen.lowercaseLetter.string(of: 1...10).array(of: 1...3).map { $0.joined(separator: ".") }
    static let host = Gen.int(in: 0...3).flatMapHost()
    static let port = Gen.int(in: 1...65535).optional

    @Test func parsesWhatItPrints() async {
        await propertyCheck(count: 200, input: Self.host, Self.port, Self.host, Self.port) { host, port, connectHost, connectPort in
            let spec = ConnectToSpec(host: host, port: port, connectHost: connectHost, connectPort: connectPort)
            let parsed = try? ConnectToSpec(parsing: spec.curlSyntax)
            #expect(parsed == spec, "\(spec.curlSyntax)")
        }
    }

    @Test func curlExamples() throws {
        let spec = try ConnectToSpec(parsing: "verbumcare-lab.local:443:127.0.0.1:8443")
        #expect(spec == ConnectToSpec(host: "verbumcare-lab.local", port: 443, connectHost: "127.0.0.1", connectPort: 8443))
        let any = try ConnectToSpec(parsing: "::[::1]:9000")
        #expect(any == ConnectToSpec(host: "", port: nil, connectHost: "::1", connectPort: 9000))
        #expect(any.curlSyntax == "::[::1]:9000")
    }

    @Test func rejectsMalformedSpecs() {
        for bad in ["", "a:1:b", "a:1:b:2:3", "a:0:b:1", "a:1:b:70000", "a:x:b:1", "a b:1:c:2", "[::1:1:b:2", "a:1:b:-1"] {
            #expect(throws: ConnectToSpec.ParseError.self, "\(bad)") { try ConnectToSpec(parsing: bad) }
        }
    }

    @Test func argumentsComeBeforeTheEnvironment() throws {
        let specs = try ConnectToSpec.combined(
            arguments: ["a.example:443:127.0.0.1:1001"],
            environment: ["VERBUMCARE_CONNECT_TO": " b.example:443:127.0.0.1:1002 ,, :443:127.0.0.1:1003"])
        #expect(specs.map(\.connectPort) == [1001, 1002, 1003])
        #expect(throws: ConnectToSpec.ParseError.self) {
            try ConnectToSpec.combined(arguments: [], environment: ["VERBUMCARE_CONNECT_TO": "nonsense"])
        }
    }
}

extension Generator where ResultValue == Int {
    /// Empty, a DNS name, an IPv4 address or an IPv6 address.
    func flatMapHost() -> Shrinking<String> {
        let kind = self
        return shrinking { rng in
            switch kind.run(using: &rng) {
            case 0: return ""
            case 1: return ConnectToSpecTests.hostName.run(using: &rng)
            case 2: return (0..<4).map { _ in String(rng.next() % 256) }.joined(separator: ".")
            default: return "fd00::" + String(rng.next() % 0xffff, radix: 16)
            }
        }
    }
}
