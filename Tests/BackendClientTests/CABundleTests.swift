import PropertyBased
import Testing
@testable import BackendClient

@Suite struct CABundleTests {
    static let path = Gen.letter.string(of: 1...8).map { "/tmp/\($0).pem" }.optional(valueRate: 0.5)
    static let blankOrPath = zip(path, Gen.bool).map { path, blank in path ?? (blank ? " " : nil) }

    @Test func firstGivenWinsInTheDocumentedOrder() async {
        await propertyCheck(count: 200, input: Self.blankOrPath, Self.blankOrPath, Self.blankOrPath, Self.blankOrPath) {
            flag, setting, curlEnv, sslEnv in
            var environment: [String: String] = [:]
            environment["CURL_CA_BUNDLE"] = curlEnv
            environment["SSL_CERT_FILE"] = sslEnv
            let bundle = CABundle.resolve(commandLine: flag, setting: setting, environment: environment)
            let ordered: [(String?, CABundle.Source)] = [(flag, .commandLine), (setting, .setting),
                                                          (curlEnv, .curlCABundle), (sslEnv, .sslCertFile)]
            let expected = ordered.first { $0.0.map { !$0.trimmingWhitespace.isEmpty } ?? false }
            #expect(bundle.path == expected?.0)
            #expect(bundle.source == (expected?.1 ?? .system))
        }
    }
}
