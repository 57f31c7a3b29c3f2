import AppCore
import ArgumentParser
import BackendClient
import Foundation
import History
import Logging
import RemoteWrite
import SettingsStore
import Watch

/// `verbumcare-bench remote-write --url URL --cacert CA`: the remote-write targets of SPEC §13
/// against a real receiver (Benchmarks/scripts/remote-write.py starts Debian's prometheus):
/// the CPU a round's push adds (the round's series of 10 servers, history read, protobuf,
/// snappy, the HTTPS request), and the wall time of a backfill of 7 days of 10 servers.
struct RemoteWriteBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-write",
        abstract: "CPU of one round's remote write, and the time of a 7-day backfill of 10 servers, against a receiver.")

    @Option(help: "The receiver's remote-write URL (https).") var url: String
    @Option(help: "The CA bundle the receiver's certificate is signed by.") var cacert: String
    @Option(help: "Rounds pushed for the round figure (the median is reported).") var rounds = 200
    @Option(help: "Days of 10 s probes of 10 servers for the backfill figure (0: skip it).") var days: Int64 = 7
    @Option(help: "Servers.") var servers = 10

    func run() async throws {
        let folder = try BenchFolder()
        defer { folder.remove() }
        try await measureRound(in: folder.path + "/round")
        if days > 0 { try await measureBackfill(in: folder.path + "/backfill") }
    }

    private func setUp(_ folder: String) throws -> (AppPaths, String) {
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        let token = folder + "/token"
        try "bench-token\n".write(toFile: token, atomically: false, encoding: .utf8)
        chmod(token, 0o600)
        return (AppPaths(configDirectory: folder + "/config", stateDirectory: folder + "/state", cacheDirectory: folder + "/cache"), token)
    }

    /// `box`: each figure its own, so their series (same servers, overlapping times) stay apart.
    private func configuration(token: String, since: Int64, box: String) -> RemoteWritePusher.Configuration {
        RemoteWritePusher.Configuration(
            url: url, tokenFile: token, origin: RemoteWriteBatch.Origin(facility: "bench", box: box),
            transport: TransportSettings(caBundle: CABundle(path: cacert, source: .commandLine)),
            historyEnabled: true, since: since)
    }

    /// Each round: its 10 results recorded (not measured), then the push measured in CPU time
    /// of the whole process (the libcurl thread included).
    private func measureRound(in folder: String) async throws {
        let (paths, token) = try setUp(folder)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let start = now - Int64(rounds) * SyntheticProbes.intervalMs
        let database = try HistoryDatabase.open(path: paths.stateDirectory + "/history.sqlite3", readOnly: false, now: now).get()
        var probes = SyntheticProbes(servers: servers, start: start, days: 1)
        let pusher = RemoteWritePusher(paths: paths, logger: Logger(label: "bench"))
        let families = Self.roundFamilies(servers: probes.servers)
        let series = families.reduce(0) { $0 + $1.samples.count } + servers
        var cpu: [Double] = []
        var accepted = 0
        for round in 0..<rounds {
            let at = start + Int64(round) * SyntheticProbes.intervalMs
            try database.record(probes.round(at: at))
            let before = processCPUMs()
            // `since` before the first round's earliest probe (they are up to 200 ms early).
            let state = await pusher.push(families, roundAtMs: at + 500, configuration: configuration(token: token, since: start - 1000, box: "round"))
            cpu.append(processCPUMs() - before)
            if state.lastAnswer.map(RemoteWritePolicy.verdict) == .accepted { accepted += 1 }
        }
        let sorted = cpu.sorted()
        print("remote-write.round: \(series) series a round, \(accepted)/\(rounds) accepted; CPU per round median "
              + String(format: "%.3f", sorted[sorted.count / 2]) + " ms, p90 " + String(format: "%.3f", sorted[sorted.count * 9 / 10]) + " ms")
    }

    /// `days` of 10 servers recorded (not measured), the cursor before their first probe, then one push
    /// that sends it all, oldest first, in batches, until the receiver has accepted everything.
    private func measureBackfill(in folder: String) async throws {
        let (paths, token) = try setUp(folder)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let start = now - days * 86_400_000
        let database = try HistoryDatabase.open(path: paths.stateDirectory + "/history.sqlite3", readOnly: false, now: now).get()
        var probes = SyntheticProbes(servers: servers, start: start, days: days)
        var rows = 0
        var at = start
        while at < now {
            var batch: [ProbeSample] = []
            for _ in 0..<360 where at < now {
                batch += probes.round(at: at)
                at += SyntheticProbes.intervalMs
            }
            try database.record(batch)
            rows += batch.count
        }
        let pusher = RemoteWritePusher(paths: paths, logger: Logger(label: "bench"))
        let cpuBefore = processCPUMs()
        let began = monotonicMs()
        var requests = 0
        var state = RemoteWritePolicy.State()
        // Pushes until the cursor reaches the last row (a push makes at most maxBatchesPerPush requests).
        while requests < 10_000 {
            state = await pusher.push([], roundAtMs: now, configuration: configuration(token: token, since: start - 1000, box: "backfill"))
            requests += 1
            guard state.lastAnswer.map(RemoteWritePolicy.verdict) == .accepted else { break }
            if let cursor = state.cursor, cursor.at >= at - SyntheticProbes.intervalMs - 1000 { break }
        }
        let seconds = (monotonicMs() - began) / 1000
        print("remote-write.backfill: \(rows) rows (\(days) days of \(servers) servers), last answer \(state.lastAnswer?.detail ?? "none"), "
              + "accepted in " + String(format: "%.2f", seconds) + " s wall, CPU " + String(format: "%.0f", processCPUMs() - cpuBefore) + " ms"
              + ", from_ms \(start - 1000) to_ms \(now)")
    }

    /// The series of a round as the textfile has them, about 15 per server.
    static func roundFamilies(servers: [String]) -> [OpenMetricsReport.Family] {
        let names = ["probe_duration_seconds", "probe_ssl_earliest_cert_expiry", "verbumcare_slow_response", "verbumcare_server_in_use",
                     "verbumcare_incidents_open", "verbumcare_alerts_muted"]
        var families = names.map { OpenMetricsReport.Family(name: $0, help: "") }
        var status = OpenMetricsReport.Family(name: "probe_http_status_code", help: "")
        var uptime = OpenMetricsReport.Family(name: "verbumcare_uptime_ratio", help: "")
        for (index, server) in servers.enumerated() {
            for i in families.indices { families[i].samples.append(([("server", server)], Double(index))) }
            for endpoint in ["health", "config", "login", "patients"] {
                status.samples.append(([("server", server), ("endpoint", endpoint)], 200))
            }
            for window in ["24h", "7d", "30d", "400d"] {
                uptime.samples.append(([("server", server), ("window", window)], 0.999))
            }
        }
        var round = OpenMetricsReport.Family(name: "verbumcare_monitor_last_round_timestamp_seconds", help: "")
        round.samples.append(([], 1))
        return families + [status, uptime, round]
    }
}
