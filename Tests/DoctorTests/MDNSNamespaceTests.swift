import Foundation
import Localization
import Testing
import TestSupport

/// The doctor and the `dns` advice against real avahi-daemon and libnss-mdns, in network
/// namespaces these tests create; and against a box without them. Names are resolved for
/// real: no `--connect-to` anywhere here.
@Suite("mDNS in network namespaces", .serialized,
       .enabled(if: MDNSLab.unavailableReason == nil, Comment(rawValue: MDNSLab.unavailableReason ?? "")))
struct MDNSNamespaceTests {
    static let port = 8443

    static func backend(in lab: MDNSLab) async throws -> DemoBackendProcess {
        try await DemoBackendProcess.start(
            extraArguments: ["--listen", lab.publisherAddress, "--port", "pn51=\(port)"],
            launcher: ["ip", "netns", "exec", lab.publisher])
    }

    static func doctor(_ result: ProcessResult) throws -> [String: [String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "\(result)")
        let checks = try #require(object["checks"] as? [[String: Any]])
        // An id may have several lines (`credentials`, `history`): the first of each is kept.
        return Dictionary(checks.compactMap { check in (check["id"] as? String).map { ($0, check) } }, uniquingKeysWith: { first, _ in first })
    }

    static func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        Localizer(language: .en).text(key, parameters)
    }

    @Test("a .local name published by avahi resolves through nss-mdns; doctor finds nothing missing")
    func realMDNS() async throws {
        let lab = try MDNSLab()
        defer { lab.close() }
        let backend = try await Self.backend(in: lab)
        defer { _ = backend.stop() }
        let home = try TemporaryHome()
        let url = "https://\(MDNSLab.publishedName):\(Self.port)/api"
        let check = try await lab.runBinary(["check", url, "--json", "--cacert", backend.caFile], box: .complete,
                                            home: home.path)
        #expect(check.exitCode == 0, "\(check)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) as? [String: Any])
        #expect(object["connectionStatus"] as? String == "connected", "\(check)")
        let certificate = try #require(object["certificate"] as? [String: Any], "\(check)")
        #expect(certificate["sans"] as? [String] == [MDNSLab.publishedName])

        let doctor = try Self.doctor(try await lab.runBinary(["doctor", "--json", "--cacert", backend.caFile],
                                                             box: .complete, home: home.path))
        #expect(doctor["nss_mdns"]?["status"] as? String == "ok", "\(doctor)")
        #expect(doctor["avahi"]?["status"] as? String == "ok", "\(doctor)")
        #expect(doctor["ca_bundle"]?["status"] as? String == "ok", "\(doctor)")
    }

    @Test("a box without libnss-mdns and avahi: doctor names both, and the dns advice names what is missing")
    func boxWithoutMDNS() async throws {
        let lab = try MDNSLab()
        defer { lab.close() }
        let home = try TemporaryHome()
        let doctorRun = try await lab.runBinary(["doctor", "--json"], box: .bare, home: home.path)
        #expect(doctorRun.exitCode == 1, "\(doctorRun)")
        let doctor = try Self.doctor(doctorRun)
        #expect(doctor["nss_mdns"]?["status"] as? String == "error")
        #expect((doctor["nss_mdns"]?["fix"] as? String)?.contains("libnss-mdns") == true, "\(doctor)")
        #expect(doctor["avahi"]?["status"] as? String == "error")
        #expect((doctor["avahi"]?["fix"] as? String)?.contains("avahi-daemon") == true, "\(doctor)")

        let url = "https://\(MDNSLab.publishedName):\(Self.port)/api"
        let check = try await lab.runBinary(["check", url], box: .bare, home: home.path)
        #expect(check.exitCode == 2, "\(check)")
        #expect(check.standardError.contains(Self.text("error.dns.advice_mdns_library_missing")), "\(check)")

        // A single-label name gets the search-domain advice, never the mDNS one.
        let single = try await lab.runBinary(["check", "https://verbumcaremac-mini:\(Self.port)/api"], box: .bare,
                                             home: home.path)
        #expect(single.exitCode == 2, "\(single)")
        #expect(single.standardError.contains(Self.text("error.dns.advice_single_label", ["host": "verbumcaremac-mini"])),
                "\(single)")
        #expect(!single.standardError.contains("libnss-mdns") && !single.standardError.contains("Avahi"), "\(single)")
    }

    @Test("libnss-mdns installed but not on the hosts: line: the doctor and the advice say so")
    func hostsLineWithoutMDNS() async throws {
        let lab = try MDNSLab()
        defer { lab.close() }
        let home = try TemporaryHome()
        let box = MDNSLab.Box(nsswitchWithMDNS: false, libraryInstalled: true, avahiRunning: true)
        let doctor = try Self.doctor(try await lab.runBinary(["doctor", "--json"], box: box, home: home.path))
        #expect(doctor["nss_mdns"]?["status"] as? String == "error", "\(doctor)")
        #expect((doctor["nss_mdns"]?["message"] as? String)?.contains("hosts: files dns") == true, "\(doctor)")
        #expect(doctor["avahi"]?["status"] as? String == "ok", "\(doctor)")
        let check = try await lab.runBinary(["check", "https://\(MDNSLab.publishedName):\(Self.port)/api"], box: box,
                                            home: home.path)
        #expect(check.exitCode == 2, "\(check)")
        #expect(check.standardError.contains("mdns4_minimal"), "\(check)")
    }
}
