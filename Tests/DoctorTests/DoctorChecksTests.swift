import Glibc
import BackendClient
import Doctor
import SettingsStore
import Testing

@Suite("doctor checks (pure)")
struct DoctorChecksTests {
    @Test func nssMDNSAndAvahiNameTheDebianFix() {
        let bare = MDNSFacts(nsswitchPath: "/x/nsswitch.conf", hostsLine: "hosts: files dns", loadableModules: [],
                             avahi: .notRunning)
        let nss = Doctor.nssMDNS(bare)
        #expect(nss.status == .error)
        #expect(nss.fix?.parameters["command"] == "sudo apt install libnss-mdns")
        let avahi = Doctor.avahi(bare)
        #expect(avahi.status == .error)
        #expect(avahi.fix?.parameters["command"]?.contains("avahi-daemon") == true)
        var installed = bare
        installed.loadableModules = ["mdns4_minimal"]
        #expect(Doctor.nssMDNS(installed).message.key == "doctor.nss_mdns.hosts_line")
        installed.hostsLine = "hosts: files mdns4_minimal [NOTFOUND=return] dns"
        installed.avahi = .answering
        #expect(Doctor.nssMDNS(installed).status == .ok)
        #expect(Doctor.avahi(installed).status == .ok)
    }

    @Test func resolverWarnsAboutCAres() {
        let ares = CurlFeatures(version: "8.0", asynchronousDNS: true, aresVersion: "1.19", defaultCABundle: nil)
        #expect(Doctor.resolver(ares).status == .warning)
        #expect(Doctor.resolver(ares).fix?.parameters["command"] == "sudo apt install libcurl4")
        let threaded = CurlFeatures(version: "7.88.1", asynchronousDNS: true, aresVersion: nil, defaultCABundle: nil)
        #expect(Doctor.resolver(threaded).status == .ok)
        let blocking = CurlFeatures(version: "7.88.1", asynchronousDNS: false, aresVersion: nil, defaultCABundle: nil)
        #expect(Doctor.resolver(blocking).status == .warning)
    }

    @Test func caBundleChecksTheFileInEffect() {
        let named = CABundle(path: "/etc/verbumcare/ca.pem", source: .setting)
        #expect(Doctor.caBundle(named, path: named.path, verdict: .usable(certificates: 2)).status == .ok)
        let missing = Doctor.caBundle(named, path: named.path, verdict: .missing)
        #expect(missing.status == .error)
        #expect(missing.fix?.key == "doctor.fix.ca_bundle")
        #expect(Doctor.caBundle(named, path: named.path, verdict: .noCertificate).message.key == "doctor.ca_bundle.empty")
        let system = Doctor.caBundle(.system, path: "/etc/ssl/certs/ca-certificates.crt", verdict: .missing)
        #expect(system.fix?.parameters["command"] == "sudo apt install ca-certificates")
    }

    @Test func terminalNeedsTerminfoAndUTF8() {
        // Debian 12 has xterm-kitty in kitty-terminfo, not in ncurses-term (PLATFORM-NOTES).
        #expect(Doctor.terminal(TerminalFacts(term: "xterm-kitty", terminfoPath: nil, locale: "C.UTF-8")).fix?
            .parameters["command"] == "sudo apt install kitty-terminfo")
        #expect(Doctor.terminal(TerminalFacts(term: "alacritty", terminfoPath: nil, locale: "C.UTF-8")).fix?
            .parameters["command"] == "sudo apt install ncurses-term")
        #expect(Doctor.terminal(TerminalFacts(term: "screen.xterm-256color", terminfoPath: nil, locale: "C.UTF-8"))
            .message.parameters["fallback"] == "screen-256color")
        #expect(Doctor.terminal(TerminalFacts(term: "xterm", terminfoPath: "/x", locale: "ja_JP.eucJP")).status == .warning)
        #expect(Doctor.terminal(TerminalFacts(term: "xterm", terminfoPath: "/x", locale: "ja_JP.UTF-8")).status == .ok)
        #expect(Doctor.terminal(TerminalFacts(term: nil, terminfoPath: nil, locale: "C.UTF-8")).status == .warning)
    }

    @Test("the measured ambiguous width, the variable's value, and a warning when they disagree")
    func ambiguousWidth() {
        func check(_ fact: TerminalFacts.AmbiguousWidthFact, _ variable: String?) -> DoctorCheck {
            Doctor.terminal(TerminalFacts(term: "xterm", terminfoPath: "/x", locale: "C.UTF-8",
                                          ambiguousWidth: fact, ambiguousVariable: variable))
        }
        #expect(check(.measured(wide: true), nil).message == AppError(key: "doctor.terminal.ambiguous_measured", parameters: [
            "term": "xterm", "locale": "C.UTF-8", "count": "2", "variable": "VERBUMCARE_AMBIGUOUS_WIDE", "value": ""]))
        #expect(check(.measured(wide: true), "1").message.key == "doctor.terminal.ambiguous_measured_env")
        let disagrees = check(.measured(wide: false), "1")
        #expect(disagrees.status == .warning && disagrees.message.key == "doctor.terminal.ambiguous_disagrees")
        #expect(disagrees.fix?.parameters["command"] == "unset VERBUMCARE_AMBIGUOUS_WIDE")
        #expect(check(.measured(wide: true), "0").status == .warning)
        // Not measured: what the app lays out with, which the variable decides.
        #expect(check(.noAnswer, "1").message.parameters["count"] == "2")
        #expect(check(.noAnswer, nil).message.key == "doctor.terminal.ambiguous_no_answer")
        #expect(check(.notATerminal, "yes").message.parameters["count"] == "1")
        #expect(check(.notATerminal, nil).status == .ok)
    }

    @Test("the Linux console: the app shows English there, and fbterm draws Japanese and Chinese")
    func linuxConsole() {
        let console = Doctor.terminal(TerminalFacts(term: "linux", terminfoPath: "/x", locale: "C.UTF-8"))
        #expect(console.status == .warning && console.message.key == "doctor.terminal.linux_console")
        #expect(console.fix?.parameters["command"] == "sudo apt install fbterm")
    }

    @Test func configProblemsAreTold() {
        let clean = ConfigFacts(settingsPath: "/h/settings.json", settingsExisted: true, problems: [])
        #expect(Doctor.config(clean).map(\.status) == [.ok])
        let problem = FileProblem(key: "files.field_invalid", parameters: ["field": "connection_timeout"])
        let bad = ConfigFacts(settingsPath: "/h/settings.json", settingsExisted: true, problems: [problem])
        #expect(Doctor.config(bad).map(\.status) == [.warning])
        #expect(Doctor.config(bad).first?.message.key == "files.field_invalid")
    }

    @Test func aClockBeforeTheReleaseOrInstallationIsAnError() {
        #expect(Doctor.clock(ClockFacts(now: 0, executableModified: nil)).status == .error)
        let installed = Doctor.releaseFloor + 100 * 86_400
        #expect(Doctor.clock(ClockFacts(now: installed - 3 * 86_400, executableModified: installed)).status == .error)
        #expect(Doctor.clock(ClockFacts(now: installed + 86_400, executableModified: installed)).status == .ok)
        #expect(Doctor.worst(Doctor.run(MachineFacts(
            mdns: MDNSFacts(nsswitchPath: "/n", hostsLine: nil, loadableModules: [], avahi: .answering),
            curl: CurlFeatures(version: "1", asynchronousDNS: true, aresVersion: nil, defaultCABundle: nil),
            caBundle: .system, caBundlePath: nil, caBundleVerdict: nil,
            terminal: TerminalFacts(term: "xterm", terminfoPath: "/x", locale: "C.UTF-8"),
            config: ConfigFacts(settingsPath: "/s", settingsExisted: false, problems: []),
            clock: ClockFacts(now: installed, executableModified: nil)))) == .error)
    }

    /// `credentials`: one ok line naming the folder; otherwise one line per finding with its
    /// path, a fixed one a warning (no fix: it is done), a refused one an error with the fix.
    @Test func credentialsPrivacyIsReportedWithThePath() {
        let folder = "/h/state/verbumcare/credentials"
        let ok = Doctor.credentials(CredentialFacts(folder: folder, findings: []))
        #expect(ok == [DoctorCheck(id: .credentials, status: .ok,
                                   message: AppError(key: "doctor.credentials.ok", parameters: ["path": folder]))])
        let fixed = PrivacyFinding(path: folder + "/pn51.json", isFolder: false, outcome: .fixed(from: 0o644, to: 0o600))
        let foreign = PrivacyFinding(path: folder + "/mac-mini.json", isFolder: false, outcome: .notOwned(uid: 65534, mode: 0o600))
        let unfixable = PrivacyFinding(path: folder, isFolder: true, outcome: .unfixable(mode: 0o755, errno: EPERM))
        let checks = Doctor.credentials(CredentialFacts(folder: folder, findings: [unfixable, fixed, foreign]))
        #expect(checks.map(\.status) == [.error, .warning, .error])
        #expect(checks[1].message == AppError(key: "files.credentials_fixed",
                                              parameters: ["path": folder + "/pn51.json", "mode": "0644", "fixed": "0600"]))
        #expect(checks[1].fix == nil)
        #expect(checks[0].message.parameters["mode"] == "0755" && checks[0].message.parameters["reason"] == "Operation not permitted")
        #expect(checks[0].fix == AppError(key: "doctor.fix.credentials", parameters: ["path": folder]))
        #expect(checks[2].message == AppError(key: "files.credentials_not_owned",
                                              parameters: ["path": folder + "/mac-mini.json", "uid": "65534"]))
        #expect(checks[2].fix == AppError(key: "doctor.fix.credentials", parameters: ["path": folder + "/mac-mini.json"]))
    }
}
