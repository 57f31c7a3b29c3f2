import Foundation

/// The pull set-up of docs/FLEET.md on loopback with Debian's own engines: one
/// `prometheus-node-exporter` per box (only its textfile collector, over the folder a monitor
/// writes its textfile into), `prometheus` scraping them with the `facility` and `box` labels
/// the docs' scrape config adds, the rules the product ships, and optionally
/// `prometheus-alertmanager` sending to an HTTPS webhook. Intervals are 1 s; every engine is
/// stopped by `stop()` or when the chain goes, also when a test fails.
public final class PrometheusChain: @unchecked Sendable {
    // @unchecked: set up once in init; `engines` is only read afterwards.
    public struct Box: Sendable {
        public var facility: String
        public var box: String
        /// The folder the box's monitor writes its `*.prom` file into.
        public var textfileDirectory: String

        public init(facility: String, box: String, textfileDirectory: String) {
            self.facility = facility
            self.box = box
            self.textfileDirectory = textfileDirectory
        }
    }

    /// Where Alertmanager posts (its webhook config): an HTTPS URL on 127.0.0.1, the CA that
    /// signed the receiver's certificate, and the name in that certificate.
    public struct Webhook: Sendable {
        public var url: String
        public var caFile: String
        public var serverName: String

        public init(url: String, caFile: String, serverName: String) {
            self.url = url
            self.caFile = caFile
            self.serverName = serverName
        }
    }

    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let shippedRules = repository.appendingPathComponent("monitoring/prometheus/verbumcare-rules.yml").path

    public let directory: String
    public private(set) var prometheusPort = 0
    public private(set) var alertmanagerPort: Int?
    private var engines: [EngineProcess] = []

    public var prometheusURL: String { "http://127.0.0.1:\(prometheusPort)" }

    /// - Parameter rules: the rules file to load (nil: none).
    public init(boxes: [Box], rules: String? = nil, webhook: Webhook? = nil, in directory: String) throws {
        self.directory = directory
        var engines: [EngineProcess] = []
        var targets: [String] = []
        do {
            for box in boxes {
                let port = try EngineProcess.freePort()
                engines.append(try EngineProcess(["/usr/bin/prometheus-node-exporter", "--collector.disable-defaults",
                                                  "--collector.textfile",
                                                  "--collector.textfile.directory=\(box.textfileDirectory)",
                                                  "--web.listen-address=127.0.0.1:\(port)"],
                                                 logFile: directory + "/node-exporter-\(box.box).log"))
                targets.append("""
                          - targets: ["127.0.0.1:\(port)"]
                            labels: {facility: "\(box.facility)", box: "\(box.box)"}
                    """)
            }
            var alerting = ""
            if let webhook {
                let port = try EngineProcess.freePort()
                alertmanagerPort = port
                let config = """
                    route:
                      receiver: webhook
                      group_by: [instance, server]
                      group_wait: 1s
                      group_interval: 1s
                      repeat_interval: 1h
                    receivers:
                      - name: webhook
                        webhook_configs:
                          - url: \(webhook.url)
                            send_resolved: true
                            http_config:
                              tls_config:
                                ca_file: \(webhook.caFile)
                                server_name: \(webhook.serverName)
                    """
                try config.write(toFile: directory + "/alertmanager.yml", atomically: true, encoding: .utf8)
                try FileManager.default.createDirectory(atPath: directory + "/alertmanager-data", withIntermediateDirectories: true)
                engines.append(try EngineProcess(["/usr/bin/prometheus-alertmanager",
                                                  "--config.file=\(directory)/alertmanager.yml",
                                                  "--storage.path=\(directory)/alertmanager-data",
                                                  "--web.listen-address=127.0.0.1:\(port)", "--cluster.listen-address="],
                                                 logFile: directory + "/alertmanager.log"))
                alerting = """
                    alerting:
                      alertmanagers:
                        - static_configs: [{targets: ["127.0.0.1:\(port)"]}]
                    """
            }
            prometheusPort = try EngineProcess.freePort()
            let config = """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                \(rules.map { "rule_files: [\"\($0)\"]" } ?? "")
                \(alerting)
                scrape_configs:
                  - job_name: verbumcare-boxes
                    static_configs:
                \(targets.joined(separator: "\n"))
                    # docs/FLEET.md: alerts name the box rather than its address.
                    relabel_configs:
                      - source_labels: [box]
                        target_label: instance
                """
            try config.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
            engines.append(try EngineProcess(["/usr/bin/prometheus", "--config.file=\(directory)/prometheus.yml",
                                              "--storage.tsdb.path=\(directory)/prometheus-data",
                                              "--web.listen-address=127.0.0.1:\(prometheusPort)"],
                                             logFile: directory + "/prometheus.log"))
            self.engines = engines
        } catch {
            for engine in engines.reversed() { engine.stop() }
            throw error
        }
    }

    deinit { stop() }

    public func stop() {
        for engine in engines.reversed() { engine.stop() }
    }

    /// Every engine started, for failure messages: the last lines of each log.
    public var logs: String {
        engines.map { engine in
            let lines = engine.log.split(separator: "\n").suffix(8).joined(separator: "\n")
            return "--- \(engine.logFile)\n\(lines)"
        }.joined(separator: "\n")
    }

    /// Waits until Prometheus (and Alertmanager) answer `/-/ready`.
    public func waitUntilReady(seconds: Double = 30) async -> Bool {
        let ports = [prometheusPort] + (alertmanagerPort.map { [$0] } ?? [])
        return await LoopbackHTTP.eventually(seconds: seconds) {
            for port in ports {
                guard await LoopbackHTTP.get(port: port, path: "/-/ready")?.status == 200 else { return false }
            }
            return true
        }
    }

    /// The result vector of an instant query (`data.result`), nil when Prometheus did not answer.
    public func query(_ expression: String) async -> [[String: Any]]? {
        guard let object = await LoopbackHTTP.json(port: prometheusPort, path: "/api/v1/query?query=" + LoopbackHTTP.encoded(expression)),
              let data = object["data"] as? [String: Any] else { return nil }
        return data["result"] as? [[String: Any]]
    }

    /// The alerts Prometheus holds now (`/api/v1/alerts`): name, state and labels.
    public func alerts() async -> [(name: String, state: String, labels: [String: String])] {
        guard let object = await LoopbackHTTP.json(port: prometheusPort, path: "/api/v1/alerts"),
              let data = object["data"] as? [String: Any], let alerts = data["alerts"] as? [[String: Any]] else { return [] }
        return alerts.compactMap { alert in
            guard let labels = alert["labels"] as? [String: String], let name = labels["alertname"],
                  let state = alert["state"] as? String else { return nil }
            return (name, state, labels)
        }
    }

    /// The shipped rules made fast for a test: every `for:` 2 s, and "silent" after 6 s instead
    /// of 180 s. Nothing else changes, so the expressions tested are the shipped ones.
    public static func fastRules(into directory: String) throws -> String {
        var text = try String(contentsOfFile: shippedRules, encoding: .utf8)
        text = text.replacing(/for: \d+[smh]\n/, with: "for: 2s\n").replacing(") > 180\n", with: ") > 6\n")
        let path = directory + "/verbumcare-rules.fast.yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
