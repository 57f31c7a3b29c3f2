import Doctor
import SettingsStore
import Testing

@Suite("mDNS finding and dns advice")
struct MDNSFindingTests {
    static let debianLine = "hosts:          files mdns4_minimal [NOTFOUND=return] dns"

    static func facts(line: String?, modules: Set<String> = ["mdns4_minimal", "mdns"],
                      avahi: MDNSFacts.Avahi = .answering) -> MDNSFacts {
        MDNSFacts(nsswitchPath: "/etc/nsswitch.conf", hostsLine: line, loadableModules: modules, avahi: avahi)
    }

    @Test func aWorkingMachineHasNoProblem() {
        let finding = MDNSFinding(Self.facts(line: Self.debianLine))
        #expect(finding.problems.isEmpty)
        #expect(finding.moduleInUse == "mdns4_minimal")
    }

    @Test func eachMissingPieceIsNamedMostBasicFirst() {
        #expect(MDNSFinding(Self.facts(line: Self.debianLine, modules: [], avahi: .notRunning)).problems
            == [.libraryMissing, .avahiNotRunning])
        #expect(MDNSFinding(Self.facts(line: "hosts: files dns")).problems == [.hostsLineMissing])
        // A module named on the line but not installed does not count.
        #expect(MDNSFinding(Self.facts(line: "hosts: files mdns6 dns", modules: ["mdns4_minimal"])).problems
            == [.hostsLineMissing])
        #expect(MDNSFinding(Self.facts(line: Self.debianLine, avahi: .silent)).problems == [.avahiSilent])
        #expect(MDNSFinding(Self.facts(line: nil)).problems == [.hostsLineMissing])
    }

    @Test func localNamesGetTheMachinesMDNSAdvice() {
        let missing = MDNSFinding(Self.facts(line: "hosts: files dns", modules: []))
        let advice = DNSAdvice.action(host: "verbumcare-lab.local", mdns: missing)
        #expect(advice.key == "error.dns.advice_mdns_library_missing")
        #expect(advice.parameters["host"] == "verbumcare-lab.local")
        let noLine = MDNSFinding(Self.facts(line: "hosts: files dns"))
        #expect(DNSAdvice.action(host: "Ward.LOCAL.", mdns: noLine).key == "error.dns.advice_mdns_hosts_line")
        #expect(DNSAdvice.action(host: "x.local", mdns: noLine).parameters["path"] == "/etc/nsswitch.conf")
        let noDaemon = MDNSFinding(Self.facts(line: Self.debianLine, avahi: .notRunning))
        #expect(DNSAdvice.action(host: "x.local", mdns: noDaemon).key == "error.dns.advice_mdns_avahi_missing")
        let works = MDNSFinding(Self.facts(line: Self.debianLine))
        #expect(DNSAdvice.action(host: "x.local", mdns: works).key == "error.dns.advice_mdns_ok")
    }

    @Test func singleLabelNamesNeverGetMDNSAdvice() {
        let missing = MDNSFinding(Self.facts(line: "hosts: files dns", modules: [], avahi: .notRunning))
        for finding in [missing, nil] {
            let advice = DNSAdvice.action(host: "verbumcaremac-mini", mdns: finding)
            #expect(advice.key == "error.dns.advice_single_label")
            #expect(!advice.key.contains("mdns"))
        }
        #expect(DNSAdvice.action(host: "ward3.example.org", mdns: missing).key == "error.dns.action")
        #expect(DNSAdvice.action(host: "[fd00::1]", mdns: missing).key == "error.dns.action")
    }
}
