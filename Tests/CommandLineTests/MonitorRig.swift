import Foundation
import Glibc
import Testing
import TestSupport

/// The set-up of the monitor tests: the demo backend, a home whose settings.json probes every
/// 2 s with a 5 s timeout, recording hooks, optionally the loopback webhook receiver, and
/// `monitor` processes started in the background. Everything started here is killed when the
/// rig goes (`deinit`), whether the test passed or not.
final class MonitorRig: @unchecked Sendable {
    // @unchecked: `monitors` is appended to by the one task that runs the test.
    static let probeInterval = 2.0
    static let connectionTimeout = 5.0
    /// What a loaded CI machine may add to SPEC's bound (probe interval + timeout + 1 s).
    static let slack = 20.0

    let demo: DemoBackendProcess
    let home: TemporaryHome
    let runner: BinaryRunner
    let hooks: RecordingHooks
    let receiver: WebhookReceiver?
    private var monitors: [ChildProcess] = []

    init(webhook: Bool = true, initialModes: [String: String] = [:], settings extra: [String: Any] = [:]) async throws {
        demo = try await DemoBackendProcess.start(initialModes: initialModes)
        home = try TemporaryHome(prefix: "monitor")
        runner = try BinaryRunner(home: home.path)
        hooks = RecordingHooks(home: home)
        receiver = webhook ? try await WebhookReceiver(in: home) : nil
        var settings: [String: Any] = ["probe_interval": Int(Self.probeInterval),
                                       "connection_timeout": Int(Self.connectionTimeout)]
        if let receiver {
            settings["alert_webhooks"] = [receiver.url]
            settings["alert_ca_bundle"] = receiver.caFile
        }
        settings.merge(extra) { _, new in new }
        let data = try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])
        try home.write(String(decoding: data, as: UTF8.self) + "\n", to: "config/verbumcare/settings.json")
    }

    deinit {
        for monitor in monitors { monitor.killNow() }
        receiver?.stop()
        demo.stop()
    }

    /// `--cacert` for the demo servers, `--connect-to` for them and for the webhook host.
    var network: [String] {
        ["--cacert", demo.caFile, "--lang", "en"] + (demo.connectTo + [receiver?.connectTo].compactMap { $0 })
            .flatMap { ["--connect-to", $0] }
    }

    func textfile(_ name: String = "monitor") -> String { home.path + "/\(name).prom" }

    /// Runs a command to its end (`history`, `mute`, `monitor --once`, …).
    func run(_ arguments: [String]) async throws -> ProcessResult {
        try await runner.run(network + arguments)
    }

    /// Starts `monitor --textfile` in the background and waits for its first round (the textfile).
    @discardableResult
    func startMonitor(_ name: String = "monitor", environment: [String: String] = [:]) async throws -> ChildProcess {
        let file = textfile(name)
        try? FileManager.default.removeItem(atPath: file)
        let monitor = try ChildProcess(runner, network + ["monitor", "--textfile", file], environment: environment)
        monitors.append(monitor)
        let started = await eventually(seconds: 60) { FileManager.default.fileExists(atPath: file) }
        try #require(started, "no first round: \(monitor.standardError)")
        return monitor
    }

    /// SIGTERM, then its exit status (nil: it did not end within 30 s and was killed).
    func stop(_ monitor: ChildProcess) async -> Int32? {
        monitor.signal(SIGTERM)
        guard let ended = await monitor.wait(seconds: 30) else { return nil }
        return ended.reason == .exit ? ended.status : 128 + ended.status
    }

    func textfileContains(_ text: String, _ name: String = "monitor") -> Bool {
        ((try? String(contentsOfFile: textfile(name), encoding: .utf8)) ?? "").contains(text)
    }

    /// `verbumcare_monitor_last_round_timestamp_seconds` of the textfile, nil before a round.
    func lastRound(_ name: String = "monitor") -> Double? {
        guard let text = try? String(contentsOfFile: textfile(name), encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("verbumcare_monitor_last_round_timestamp_seconds ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Waits until `count` more rounds have finished (so what they would alert has been delivered).
    func waitForRounds(_ count: Int, _ name: String = "monitor") async throws {
        for _ in 0..<count {
            let before = lastRound(name) ?? 0
            let next = await eventually(seconds: 60) { (lastRound(name) ?? 0) > before }
            if !next {
                for monitor in monitors {
                    _ = ShellCommand.run("gdb -p \(monitor.pid) -batch -ex 'thread apply all bt' > /tmp/stall-\(monitor.pid).txt 2>&1")
                }
            }
            try #require(next, "the monitor stopped finishing rounds")
        }
    }

    /// Every alert the hook `name` and the webhook receiver got, hook's first.
    func delivered(hook name: String = "50-record") -> (hook: [DeliveredAlert], webhook: [DeliveredAlert]) {
        (hooks.alerts(name), receiver?.alerts() ?? [])
    }

    /// Waits until the hook (and the webhook, when there is one) got `event` for `server`.
    func waitFor(_ event: String, _ server: String, hook name: String = "50-record", seconds: Double = 60) async -> Bool {
        await eventually(seconds: seconds) {
            let (hook, webhook) = delivered(hook: name)
            return hook.contains { $0.event == event && $0.serverId == server }
                && (receiver == nil || webhook.contains { $0.event == event && $0.serverId == server })
        }
    }

    /// `history --json ID`: the server's incidents.
    func incidents(_ server: String) async throws -> [[String: Any]] {
        let result = try await run(["history", server, "--json"])
        let incidents = Self.incidents(server, in: result)
        #expect(result.exitCode == 0 && incidents != nil, "\(result)")
        return incidents ?? []
    }

    /// Polls `history --json ID` (every half second, at most a minute) until `condition` holds.
    func eventuallyIncidents(_ server: String, _ condition: ([[String: Any]]) -> Bool) async -> Bool {
        await Eventually.holds(within: .seconds(60), every: .milliseconds(500)) {
            guard let result = try? await run(["history", server, "--json"]),
                  let incidents = Self.incidents(server, in: result) else { return false }
            return condition(incidents)
        }
    }

    private static func incidents(_ server: String, in result: ProcessResult) -> [[String: Any]]? {
        guard result.exitCode == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let servers = object["servers"] as? [[String: Any]],
              let entry = servers.first(where: { $0["id"] as? String == server }) else { return nil }
        return entry["incidents"] as? [[String: Any]]
    }

    /// The monitor's log (the app's log in the state folder), for failure messages.
    var log: String {
        let folder = home.stateDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().compactMap {
            try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
        }.joined(separator: "\n")
    }
}
