import Foundation
import Testing
import TestSupport

/// The fleet's shipped files (SPEC §15.4, docs/FLEET.md): the Prometheus rules pass
/// `promtool check rules` and their own `promtool test rules`, the Alertmanager example passes
/// `amtool check-config`, and the monitor's user unit leaves `systemd-analyze verify` silent.
/// Each check is also shown to fail on a broken copy, so a green run means something.
@Suite("monitoring configuration: rules, Alertmanager, systemd unit")
struct MonitoringConfigTests {
    typealias Files = ShippedFiles

    @Test("promtool check rules accepts every rule; a broken rule file is refused")
    func rulesCheck() throws {
        let work = try TemporaryHome(prefix: "rules-check")
        let alerts = try Files.read(Files.rules).components(separatedBy: "- alert: ").count - 1
        #expect(alerts >= 9)
        let checked = Files.shell("/usr/bin/promtool check rules \(Files.quote(Files.rules))", in: work.path)
        #expect(checked.status == 0 && checked.output.contains("SUCCESS: \(alerts) rules found"), "\(checked.output)")

        let broken = try Files.copy(Files.rules, to: work.path) { $0.replacingOccurrences(of: "for: 2m", with: "for: two minutes") }
        let refused = Files.shell("/usr/bin/promtool check rules \(Files.quote(broken))", in: work.path)
        #expect(refused.status != 0, "\(refused.output)")
    }

    @Test("promtool test rules passes, and fails on a wrong expectation or a rule that forgets muting")
    func rulesTests() throws {
        let passed = Files.shell("/usr/bin/promtool test rules \(Files.quote(Files.ruleTests))",
                                 in: (Files.ruleTests as NSString).deletingLastPathComponent)
        #expect(passed.status == 0 && passed.output.contains("SUCCESS"), "\(passed.output)")
        // Every alerting rule has at least one test that expects it to fire.
        let tests = try Files.read(Files.ruleTests)
        for rule in try Files.read(Files.rules).matches(of: /- alert: (\w+)/).map({ String($0.output.1) }) {
            #expect(tests.contains("alertname: \(rule)\n        exp_alerts:\n          - exp_labels"), "no firing test for \(rule)")
        }

        let work = try TemporaryHome(prefix: "rules-test")
        _ = try Files.copy(Files.rules, to: work.path)
        // A blip shorter than `for:` expected to fire: promtool must say the test failed.
        _ = try Files.copy(Files.ruleTests, to: work.path) {
            $0.replacingOccurrences(of: "- eval_time: 4m\n        alertname: VerbumcareServerDown",
                                    with: "- eval_time: 3m\n        alertname: VerbumcareServerDown")
        }
        let wrong = Files.shell("/usr/bin/promtool test rules verbumcare-rules.test.yml", in: work.path)
        #expect(wrong.status != 0 && wrong.output.contains("FAILED") && wrong.output.contains("VerbumcareServerDown"),
                "\(wrong.output)")

        // The shipped tests, against rules that no longer exclude muted servers.
        _ = try Files.copy(Files.ruleTests, to: work.path)
        _ = try Files.copy(Files.rules, to: work.path) {
            $0.replacingOccurrences(of: "(verbumcare_alerts_muted == 1)", with: "(verbumcare_alerts_muted == 2)")
        }
        let unmuted = Files.shell("/usr/bin/promtool test rules verbumcare-rules.test.yml", in: work.path)
        #expect(unmuted.status != 0 && unmuted.output.contains(#"instance="osaka""#), "\(unmuted.output)")
    }

    @Test("amtool check-config accepts the Alertmanager example and routes VerbumCare alerts to mail and webhook")
    func alertmanagerConfig() throws {
        let work = try TemporaryHome(prefix: "amtool")
        let config = Files.quote(Files.alertmanager)
        let checked = Files.shell("/usr/bin/amtool check-config \(config)", in: work.path)
        #expect(checked.status == 0 && checked.output.contains("SUCCESS") && checked.output.contains("2 inhibit rules"),
                "\(checked.output) (Debian package: prometheus-alertmanager)")
        let critical = Files.shell("/usr/bin/amtool config routes test --config.file=\(config) service=verbumcare severity=critical 2>/dev/null",
                                   in: work.path)
        #expect(critical.output.trimmingCharacters(in: .whitespacesAndNewlines) == "it-mail-and-webhook", "\(critical.output)")
        let other = Files.shell("/usr/bin/amtool config routes test --config.file=\(config) alertname=Other 2>/dev/null",
                                in: work.path)
        #expect(other.output.trimmingCharacters(in: .whitespacesAndNewlines) == "it-mail", "\(other.output)")

        let broken = try Files.copy(Files.alertmanager, to: work.path) {
            $0.replacingOccurrences(of: "receiver: it-mail-and-webhook", with: "receiver: it-mail-and-pager")
        }
        let refused = Files.shell("/usr/bin/amtool check-config \(Files.quote(broken))", in: work.path)
        #expect(refused.status != 0, "\(refused.output)")
    }

    /// `systemd-analyze verify` of a copy whose ExecStart names a program that exists here; with
    /// `--user` (a user manager's semantics) it needs only a runtime folder, not a session.
    static func verify(_ unit: String, in work: TemporaryHome, user: Bool) -> (status: Int32, output: String) {
        let runtime = work.path + "/runtime"
        try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let mode = user ? "--user " : ""
        return Files.shell("XDG_RUNTIME_DIR=\(Files.quote(runtime)) HOME=\(Files.quote(work.path)) "
                           + "/usr/bin/systemd-analyze verify \(mode)--man=no \(Files.quote(unit))", in: work.path)
    }

    @Test("systemd-analyze verify says nothing about the user unit, and complains about broken copies")
    func systemdUnit() throws {
        let work = try TemporaryHome(prefix: "unit")
        let text = try Files.read(Files.unit)
        for line in ["ExecStart=/usr/bin/verbumcare-tui monitor --textfile %h/.local/state/verbumcare/verbumcare.prom",
                     "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=read-only", "PrivateTmp=yes",
                     "ReadWritePaths=-%h/.config/verbumcare -%h/.local/state/verbumcare -%h/.cache/verbumcare",
                     "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK", "MemoryDenyWriteExecute=yes",
                     "LockPersonality=yes", "SystemCallArchitectures=native", "WantedBy=default.target"] {
            #expect(text.split(separator: "\n").contains { $0 == line }, "\(line)")
        }
        let name = "verbumcare-tui-monitor.service"
        let unit = try Files.copy(Files.unit, to: work.path, as: name) {
            $0.replacingOccurrences(of: "/usr/bin/verbumcare-tui ", with: "/bin/true ")
        }
        for user in [true, false] {
            let verified = Self.verify(unit, in: work, user: user)
            #expect(verified.status == 0 && verified.output.isEmpty, "--user \(user): \(verified.output)")
        }

        // As shipped, on a machine without the package: the missing program is named.
        try FileManager.default.createDirectory(atPath: work.path + "/shipped", withIntermediateDirectories: true)
        let shipped = Self.verify(try Files.copy(Files.unit, to: work.path + "/shipped", as: name), in: work, user: true)
        #expect(shipped.output.contains("/usr/bin/verbumcare-tui"), "\(shipped.output)")
        // A misspelt key and a bad value are reported (systemd ignores them and exits 0).
        try FileManager.default.createDirectory(atPath: work.path + "/broken", withIntermediateDirectories: true)
        let broken = try Files.copy(unit, to: work.path + "/broken") {
            $0.replacingOccurrences(of: "ProtectSystem=strict", with: "ProtectSystm=strict")
                .replacingOccurrences(of: "Restart=on-failure", with: "Restart=sometimes")
        }
        let complaints = Self.verify(broken, in: work, user: true)
        #expect(complaints.output.contains("ProtectSystm") && complaints.output.contains("sometimes"), "\(complaints.output)")
    }
}
