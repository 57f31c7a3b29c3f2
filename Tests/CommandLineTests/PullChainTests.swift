import Foundation
import Testing
import TestSupport

/// SPEC §15.4, pull: the whole chain on loopback with Debian's engines — the real `monitor`
/// against the demo backend writes its textfile, `prometheus-node-exporter` serves it
/// (textfile collector only), `prometheus` scrapes it with the `facility`/`box` labels of
/// docs/FLEET.md and evaluates the shipped rules (their `for:` and the 180 s silence made
/// seconds), and `prometheus-alertmanager` posts to an HTTPS webhook receiver it trusts
/// through `tls_config.ca_file`. A server going down on the box reaches the receiver; a
/// stopped monitor fires VerbumcareMonitorSilent. Every engine is stopped when the test ends.
@Suite("Pull chain: monitor → node_exporter → Prometheus → Alertmanager → webhook", .serialized)
struct PullChainTests {
    @Test("a server down on the box reaches the webhook; a stopped monitor fires its silence rule")
    func serverDownAndSilentMonitor() async throws {
        let rig = try await MonitorRig(webhook: false)
        let receiver = try await WebhookReceiver(in: rig.home)
        defer { receiver.stop() }
        let work = try TemporaryHome(prefix: "pull-chain")
        let chain = try PrometheusChain(
            boxes: [.init(facility: "kobe", box: "kobe-1", textfileDirectory: rig.home.path)],
            rules: try PrometheusChain.fastRules(into: work.path),
            webhook: .init(url: "https://127.0.0.1:\(receiver.port)/alertmanager", caFile: receiver.caFile,
                           serverName: WebhookReceiver.host),
            in: work.path)
        defer { chain.stop() }
        // Written as node_exporter's textfile collector reads it (`*.prom`; the rules' mtime
        // fallback matches `verbumcare*.prom`).
        let monitor = try await rig.startMonitor("verbumcare")
        try #require(await chain.waitUntilReady(), "engines not ready:\n\(chain.logs)")
        let scraped = await LoopbackHTTP.eventually(seconds: 20) {
            await chain.query(#"probe_success{server="mac-mini",facility="kobe",box="kobe-1"} == 1"#)?.isEmpty == false
        }
        try #require(scraped, "Prometheus never saw mac-mini up from the box:\n\(chain.logs)")

        try rig.demo.setMode("mac-mini", "down")
        let down = await LoopbackHTTP.eventually(seconds: 30) {
            Self.alertmanagerPosts(receiver).contains { $0.name == "VerbumcareServerDown" && $0.status == "firing"
                && $0.labels["server"] == "mac-mini" && $0.labels["facility"] == "kobe" }
        }
        #expect(down, "no VerbumcareServerDown for mac-mini at the webhook:\n\(Self.alertmanagerPosts(receiver))\n\(chain.logs)")

        // The monitor stops; node_exporter keeps serving its last textfile, which grows old.
        #expect(await rig.stop(monitor) == 0)
        let silent = await LoopbackHTTP.eventually(seconds: 30) {
            Self.alertmanagerPosts(receiver).contains { $0.name == "VerbumcareMonitorSilent" && $0.status == "firing" }
        }
        let held = await chain.alerts()
        #expect(silent, "VerbumcareMonitorSilent never reached the webhook:\n\(held)\n\(chain.logs)")
    }

    /// Alertmanager's posts (webhook version 4) as (alertname, status, labels), one per alert.
    static func alertmanagerPosts(_ receiver: WebhookReceiver) -> [(name: String, status: String, labels: [String: String])] {
        receiver.alerts().flatMap { post -> [(name: String, status: String, labels: [String: String])] in
            guard let object = try? JSONSerialization.jsonObject(with: Data(post.json.utf8)) as? [String: Any],
                  let alerts = object["alerts"] as? [[String: Any]] else { return [] }
            return alerts.compactMap { alert in
                guard let labels = alert["labels"] as? [String: String], let name = labels["alertname"],
                      let status = alert["status"] as? String else { return nil }
                return (name, status, labels)
            }
        }
    }
}
