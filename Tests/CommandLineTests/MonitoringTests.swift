import Foundation
import Localization
import Testing
import TestSupport

/// Certificates in `check`/`status`, and the monitoring formats (`--format nagios`,
/// `--format openmetrics` checked by promtool, `--output`), against the demo backend: pn51's
/// certificate ends in 10 days, Mac Mini's in a year, Mac Mini Tailscale is down.
@Suite("certificates and monitoring formats", .serialized)
struct MonitoringTests {
    final class Rig: Sendable {
        let demo: DemoBackendProcess
        let home: TemporaryHome
        let runner: BinaryRunner
        let network: [String]

        init(initialModes: [String: String] = ["mac-mini-tailscale": "down"]) async throws {
            demo = try await DemoBackendProcess.start(initialModes: initialModes,
                                                      extraArguments: ["--cert-days", "pn51=10"])
            home = try TemporaryHome(prefix: "monitoring")
            runner = try BinaryRunner(home: home.path)
            network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }
        }

        func run(_ arguments: String...) async throws -> ProcessResult {
            try await runner.run(network + ["--lang", "en"] + arguments)
        }

        deinit { _ = demo.stop() }
    }

    static func object(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                     "\(result)")
    }

    /// `openssl x509 -fingerprint -sha256` of the certificate the demo backend serves for pn51.
    static func fingerprint(_ rig: Rig) throws -> String {
        let pem = rig.demo.stateDirectory + "/certs/host-verbumcare-lab.local.pem"
        let out = rig.demo.stateDirectory + "/fingerprint.txt"
        let status = ShellCommand.run("/usr/bin/openssl x509 -in '\(pem)' -noout -fingerprint -sha256 > '\(out)'")
        #expect(status == 0)
        let output = try String(contentsOfFile: out, encoding: .utf8)
        let value = try #require(output.split(separator: "=").last)
        return value.replacingOccurrences(of: ":", with: "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    @Test("check and status carry the certificate, cert_expiring and the Engine.IO ping values")
    func certificateInResults() async throws {
        let rig = try await Rig()
        let check = try await rig.run("check", "pn51", "--json")
        #expect(check.exitCode == 0, "\(check)")
        let object = try Self.object(check)
        let certificate = try #require(object["certificate"] as? [String: Any], "\(check)")
        #expect(certificate["daysLeft"] as? Int == 10)
        #expect(certificate["sans"] as? [String] == ["verbumcare-lab.local"])
        #expect((certificate["issuer"] as? String)?.contains("VerbumCare Demo CA") == true)
        #expect((certificate["subject"] as? String)?.contains("VerbumCare demo server") == true)
        #expect(certificate["sha256"] as? String == (try Self.fingerprint(rig)))
        let notAfter = try #require(certificate["notAfter"] as? String)
        let ends = try #require(ISO8601DateFormatter().date(from: notAfter))
        #expect(abs(ends.timeIntervalSinceNow - 10 * 86_400) < 3_600)
        #expect(ISO8601DateFormatter().date(from: certificate["notBefore"] as? String ?? "") != nil)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["cert_expiring"])
        let checks = try #require(object["checks"] as? [[String: Any]])
        let websocket = try #require(checks.first { $0["endpoint"] as? String == "websocket" })
        #expect(websocket["pingInterval"] as? Int == 25_000)
        #expect(websocket["pingTimeout"] as? Int == 20_000)

        let text = try await rig.run("check", "pn51")
        #expect(text.standardOutput.contains("The server's certificate ends in 10 days"), "\(text)")

        let status = try Self.object(try await rig.run("status", "--json"))
        #expect((status["certificate"] as? [String: Any])?["daysLeft"] as? Int == 10)

        // A year-long certificate is not a warning; with cert_warning_days 5, ten days is not either.
        let macMini = try Self.object(try await rig.run("check", "mac-mini", "--json"))
        #expect((macMini["warnings"] as? [Any])?.isEmpty == true)
        #expect(try await rig.runner.run(["settings", "set", "cert_warning_days", "5"]).exitCode == 0)
        let relaxed = try Self.object(try await rig.run("check", "pn51", "--json"))
        #expect((relaxed["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test("nagios: one line, the plugin exit codes, perfdata per check and certificate days")
    func nagios() async throws {
        let rig = try await Rig()
        let warning = try await rig.run("check", "pn51", "--format", "nagios")
        #expect(warning.exitCode == 1, "\(warning)")
        let line = warning.standardOutput
        #expect(line.hasSuffix("\n") && line.dropLast().split(separator: "\n").count == 1, "\(warning)")
        #expect(line.hasPrefix("VERBUMCARE WARNING - "), "\(warning)")
        let perfdata = try #require(line.dropLast().split(separator: "|", maxSplits: 1).last)
            .split(separator: " ").map(String.init)
        for endpoint in ["health", "api", "auth", "websocket"] {
            #expect(perfdata.contains { $0.range(of: #"^'pn51_\#(endpoint)'=[0-9.]+ms;;;0$"#, options: .regularExpression) != nil },
                    "\(perfdata)")
        }
        #expect(perfdata.contains("'pn51_cert_days'=10;30;0;0"), "\(perfdata)")

        let ok = try await rig.run("check", "mac-mini", "--format", "nagios")
        #expect(ok.exitCode == 0 && ok.standardOutput.hasPrefix("VERBUMCARE OK - "), "\(ok)")
        let critical = try await rig.run("check", "mac-mini-tailscale", "--format", "nagios")
        #expect(critical.exitCode == 2 && critical.standardOutput.hasPrefix("VERBUMCARE CRITICAL - "), "\(critical)")
        let unknown = try await rig.run("check", "no-such-server", "--format", "nagios")
        #expect(unknown.exitCode == 3 && unknown.standardOutput.hasPrefix("VERBUMCARE UNKNOWN - "), "\(unknown)")
        let all = try await rig.run("check", "--all", "--format", "nagios")
        #expect(all.exitCode == 2 && all.standardOutput.hasPrefix("VERBUMCARE CRITICAL - "), "\(all)")
        #expect(all.standardOutput.contains("'mac-mini_cert_days'="), "\(all)")
    }

    @Test("openmetrics: blackbox_exporter's names, # EOF, accepted by promtool, written atomically with --output")
    func openMetrics() async throws {
        let rig = try await Rig()
        let file = rig.home.path + "/textfile/verbumcare.prom"
        try FileManager.default.createDirectory(atPath: rig.home.path + "/textfile", withIntermediateDirectories: true)
        let result = try await rig.run("check", "--all", "--format", "openmetrics", "--output", file)
        #expect(result.exitCode == 2, "\(result)") // Mac Mini Tailscale is down
        #expect(result.standardOutput.isEmpty, "\(result)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasSuffix("# EOF\n"))
        for name in ["probe_success", "probe_duration_seconds", "probe_http_status_code", "probe_http_duration_seconds",
                     "probe_ssl_earliest_cert_expiry", "verbumcare_check_success"] {
            #expect(text.contains("# TYPE \(name) gauge"), "\(name)")
        }
        #expect(text.contains(#"probe_success{server="pn51"} 1"#))
        #expect(text.contains(#"probe_success{server="mac-mini-tailscale"} 0"#))
        #expect(text.contains(#"probe_http_status_code{server="pn51",endpoint="auth"} 401"#))
        for phase in ["resolve", "connect", "tls", "processing", "transfer"] {
            #expect(text.contains(#"probe_http_duration_seconds{server="pn51",endpoint="health",phase="\#(phase)"}"#))
        }
        let expiry = try #require(text.split(separator: "\n").first { $0.hasPrefix(#"probe_ssl_earliest_cert_expiry{server="pn51"}"#) })
        let seconds = try #require(Double(expiry.split(separator: " ").last ?? ""))
        #expect(abs(seconds - Date().timeIntervalSince1970 - 10 * 86_400) < 3_600)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: rig.home.path + "/textfile") == ["verbumcare.prom"])

        let prom = rig.home.path + "/textfile/verbumcare.prom"
        let lintFile = rig.home.path + "/promtool.txt"
        let status = ShellCommand.run("/usr/bin/promtool check metrics < '\(prom)' > '\(lintFile)' 2>&1")
        let lint = (try? String(contentsOfFile: lintFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "promtool: \(lint)\n\(text)")
    }

    @Test("check --all as text is one row per server")
    func allAsRows() async throws {
        let rig = try await Rig()
        let result = try await rig.run("check", "--all")
        #expect(result.exitCode == 2, "\(result)")
        let rows = result.standardOutput.split(separator: "\n")
        #expect(rows.count == 3, "\(result)")
        for (row, id) in zip(rows, ["pn51", "mac-mini", "mac-mini-tailscale"]) {
            #expect(row.split(separator: " ").contains { $0 == id }, "\(row)")
        }
        #expect(rows[0].contains("certificate ends in 10 days"), "\(result)")
        #expect(rows[2].hasSuffix(CLI.text(.en, "error.connect.short")), "\(result)")
    }

    @Test("a redirect to another host is refused and named; an expired certificate is tls_expired")
    func redirectAndExpiry() async throws {
        let rig = try await Rig(initialModes: ["pn51": "redirect_host", "mac-mini": "expired_cert"])
        let redirected = try Self.object(try await rig.run("check", "pn51", "--json"))
        let health = try #require((redirected["checks"] as? [[String: Any]])?.first)
        let error = try #require(health["error"] as? [String: Any])
        #expect(error["code"] as? String == "redirect_cross_host")
        #expect((error["message"] as? String)?.contains("elsewhere.example") == true, "\(error)")
        let text = try await rig.run("check", "pn51")
        #expect(text.standardOutput.contains("elsewhere.example"), "\(text)")

        let expired = try Self.object(try await rig.run("check", "mac-mini", "--json"))
        let expiredHealth = try #require((expired["checks"] as? [[String: Any]])?.first)
        #expect((expiredHealth["error"] as? [String: Any])?["code"] as? String == "tls_expired")
    }

    /// A clock behind (a dead CMOS battery): the demo backend's pn51 certificate is valid only
    /// from 1 January of next year (`openssl ca -startdate`). It is `tls_not_yet_valid`, never
    /// "expired", in `check` and `status` (JSON and text, three languages) and `--format
    /// nagios`, and the words show the certificate's start and this machine's clock. Mac Mini's
    /// expired certificate stays `tls_expired`.
    @Test("a certificate valid from next year is tls_not_yet_valid with its start and the clock; an expired one stays tls_expired")
    func notYetValid() async throws {
        let rig = try await Rig(initialModes: ["pn51": "future_cert", "mac-mini": "expired_cert"])
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        let start = "\(year + 1)-01-01T00:00:00Z"

        for command in [["check", "pn51", "--json"], ["status", "--json"]] {
            let result = try await rig.runner.run(rig.network + ["--lang", "en"] + command)
            let object = try Self.object(result)
            let checks = try #require(object["checks"] as? [[String: Any]], "\(result)")
            for check in checks {
                #expect((check["error"] as? [String: Any])?["code"] as? String == "tls_not_yet_valid", "\(command): \(check)")
            }
        }
        for lang in AppLanguage.allCases {
            let language = lang.rawValue
            let text = try await rig.runner.run(rig.network + ["--lang", language, "check", "pn51"])
            let all = text.standardOutput + text.standardError
            // Up to the clock's reading, which the test cannot know to the second.
            let message = CLI.text(lang, "error.tls_not_yet_valid.clock_behind.message", ["not_before": start, "now": "\u{1}"])
            let beforeClock = String(message.prefix { $0 != "\u{1}" })
            #expect(all.contains(beforeClock), "\(language): \(all)")
            #expect(all.contains("\(year)-"), "the machine's clock is shown: \(all)")
            let expiredWords = CLI.text(lang, "error.tls_expired.message")
            #expect(!all.contains(expiredWords), "never told as expired: \(all)")
            let advice = CLI.text(lang, "error.tls_not_yet_valid.clock_behind.action", ["not_before": start, "now": "\u{1}"])
            #expect(all.contains(String(advice.prefix { $0 != "\u{1}" })), "\(language) advice: \(all)")
        }
        let nagios = try await rig.run("check", "pn51", "--format", "nagios")
        #expect(nagios.standardOutput.contains(CLI.text(.en, "error.tls_not_yet_valid.clock_behind.short", ["not_before": start])),
                "\(nagios)")

        let expired = try Self.object(try await rig.run("check", "mac-mini", "--json"))
        let expiredHealth = try #require((expired["checks"] as? [[String: Any]])?.first)
        #expect((expiredHealth["error"] as? [String: Any])?["code"] as? String == "tls_expired")
    }

    /// Item 7 of issue 16: an unreadable `--cacert` file is its own error naming the path and
    /// the reason (not a generic TLS failure), and a header flood is `too_large` with its own
    /// words (not `connect`), in `check` (JSON and text) and `status`.
    @Test("an unreadable --cacert is named with its path and reason; a header flood has its own words")
    func unreadableBundleAndHeaderFlood() async throws {
        let rig = try await Rig(initialModes: ["mac-mini": "header_flood"])
        let folder = rig.home.path + "/ca-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let routes = rig.demo.connectTo.flatMap { ["--connect-to", $0] }
        for (path, reason) in [(rig.home.path + "/missing.pem", "No such file or directory"), (folder, "Is a directory")] {
            for command in [["check", "pn51"], ["status"]] {
                let json = try Self.object(try await rig.runner.run(["--cacert", path, "--lang", "en"] + routes + command + ["--json"]))
                let checks = try #require(json["checks"] as? [[String: Any]])
                #expect(checks.allSatisfy { ($0["error"] as? [String: Any])?["code"] as? String == "tls_other" }, "\(checks)")
                let text = try await rig.runner.run(["--cacert", path, "--lang", "en"] + routes + command)
                let words = CLI.text(.en, "error.tls_other.ca_bundle_unreadable.message", ["path": path, "reason": reason])
                #expect((text.standardOutput + text.standardError).contains(words), "\(command): \(text)")
                #expect(!(text.standardOutput + text.standardError).contains(CLI.text(.en, "error.tls_other.message")), "\(text)")
            }
        }
        let flood = try Self.object(try await rig.run("check", "mac-mini", "--json"))
        let health = try #require((flood["checks"] as? [[String: Any]])?.first)
        #expect((health["error"] as? [String: Any])?["code"] as? String == "too_large", "\(health)")
        let text = try await rig.run("check", "mac-mini")
        #expect((text.standardOutput + text.standardError).contains(CLI.text(.en, "error.too_large.headers.message", ["bytes": "65536"])),
                "\(text)")
    }
}
