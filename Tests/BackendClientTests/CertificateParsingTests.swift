@testable import BackendClient
import Foundation
import PropertyBased
import SettingsStore
import Testing

@Suite("certificate fields, fingerprints, redirects and CA bundles")
struct CertificateParsingTests {
    static let pem = """
        -----BEGIN CERTIFICATE-----
        aGVsbG8gY2VydGlmaWNhdGU=
        -----END CERTIFICATE-----
        """

    @Test("SHA-256 matches the FIPS 180-4 examples and many lengths")
    func sha256() async {
        #expect(SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Padding boundaries (55, 56, 63, 64 bytes) give 32 bytes each and differ from each other.
        await propertyCheck(count: 100, input: Gen.int(in: 0...200)) { length in
            let digest = SHA256Digest.hash([UInt8](repeating: 0x61, count: length))
            #expect(digest.count == 32)
            #expect(digest != SHA256Digest.hash([UInt8](repeating: 0x61, count: length + 1)))
        }
    }

    @Test("libcurl's certinfo fields become a certificate")
    func parse() throws {
        let fields = ["Subject:CN = pn51", "Issuer:CN = Facility CA", "Version:2",
                      "X509v3 Subject Alternative Name:DNS:verbumcare-lab.local, IP Address:10.0.0.5",
                      "Start date:Nov  2 21:22:12 2026 GMT", "Expire date:Dec 22 21:22:12 2027 GMT", "Cert:" + Self.pem]
        let info = try #require(CertInfoParser.parse(fields: fields))
        #expect(info.subject == "CN = pn51")
        #expect(info.issuer == "CN = Facility CA")
        #expect(info.sans == ["verbumcare-lab.local", "10.0.0.5"])
        #expect(CertificateInfo.iso(info.notBefore) == "2026-11-02T21:22:12Z")
        #expect(CertificateInfo.iso(info.notAfter) == "2027-12-22T21:22:12Z")
        #expect(info.sha256 == SHA256Digest.hex(Array("hello certificate".utf8)))
        #expect(CertInfoParser.parse(fields: Array(fields.dropLast())) == nil)
        #expect(CertInfoParser.date("Feb 30 00:00:00 2026 GMT") == nil)
        #expect(CertInfoParser.date("Nov 2 21:22:12 2026 UTC") == nil)
    }

    @Test("days left count a started day; cert_expiring applies up to the threshold, never after the end")
    func expiry() {
        let now = 1_800_000_000.0
        let cert = CertificateInfo(subject: "s", issuer: "i", sans: [], notBefore: now - 86_400,
                                   notAfter: now + 9.5 * 86_400, sha256: "")
        #expect(cert.daysLeft(now: now) == 10)
        #expect(cert.expiryWarning(now: now, warningDays: 10)?.code == .certExpiring)
        #expect(cert.expiryWarning(now: now, warningDays: 10)?.parameters["days"] == "10")
        #expect(cert.expiryWarning(now: now, warningDays: 9) == nil)
        #expect(cert.expiryWarning(now: now + 20 * 86_400, warningDays: 30) == nil)
    }

    @Test("a redirect to another host is redirect_cross_host and names it; the same host is redirect_refused")
    func redirects() {
        let other = ClientError.httpAnswer(status: 301, redirectTo: "https://elsewhere.example/health",
                                           requestURL: "https://verbumcare-lab.local/health")
        #expect(other.code == .redirectCrossHost)
        #expect(other.connectivityError.parameters["host"] == "elsewhere.example")
        let same = ClientError.httpAnswer(status: 301, redirectTo: "http://VERBUMCARE-LAB.local./health",
                                          requestURL: "https://verbumcare-lab.local/health")
        #expect(same.code == .redirectRefused)
        #expect(ClientError.httpAnswer(status: 302, redirectTo: nil, requestURL: "https://a.example/").code == .redirectRefused)
    }

    @Test("a CA bundle must exist and hold a certificate")
    func caBundle() {
        #expect(CABundleCheck.judge(exists: false, contents: nil) == .missing)
        #expect(CABundleCheck.judge(exists: true, contents: nil) == .unreadable)
        #expect(CABundleCheck.judge(exists: true, contents: Array("not a certificate".utf8)) == .noCertificate)
        #expect(CABundleCheck.judge(exists: true, contents: Array((Self.pem + "\n" + Self.pem).utf8)) == .usable(certificates: 2))
        #expect(CABundleCheck.refusal(.noCertificate, path: "/x")?.key == "ui.pane.ca_bundle_no_certificate")
        #expect(CABundleCheck.refusal(.missing, path: "/x")?.key == "ui.pane.ca_bundle_missing")
        #expect(CABundleCheck.refusal(.usable(certificates: 1), path: "/x") == nil)
        #expect(CABundleCheck.inspect(path: "/nonexistent/ca.pem") == .missing)
        #expect(CABundleCheck.inspect(path: "/") == .unreadable)
        #expect(CABundle.resolve(commandLine: "/a.pem", setting: "/b.pem", environment: [:]).sourceKey
            == "ui.pane.ca_source.command_line")
    }
}
