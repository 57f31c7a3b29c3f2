import AppCore
import Foundation
import RemoteWrite
import Testing
import TestSupport
import Watch

/// Issue 28, "no gap": a receiver down for 10 minutes of rounds, then back; the push sends what
/// it missed from history, oldest first, in batches, and a range query shows every minute
/// complete and no sample twice. Against Debian's prometheus (remote-write receiver, an
/// out-of-order window) and Debian's victoria-metrics, both over TLS with a test CA.
///
/// The 10 minutes: the history holds rounds stamped 10 s apart over the last 20 minutes (what a
/// monitor records), pushed in three parts: 5 minutes with the receiver up, 10 minutes with it
/// stopped (each push fails: nothing accepted, the cursor stays), 5 minutes after it is back.
@Suite(.serialized) struct NoGapEngineTests {
    static let minute: Int64 = 60_000

    @Test func prometheusGetsEveryMinuteOfAnOutageOnceWhenItAnswersAgain() async throws {
        let rig = try PushRig(name: "prom")
        defer { try? FileManager.default.removeItem(atPath: rig.home.path) }
        let folder = rig.home.path
        try await LoopbackEngine.makeCertificates(folder: folder)
        let port = await LoopbackEngine.freePort(folder: folder)
        try """
            global: {}
            storage:
              tsdb:
                out_of_order_time_window: 1h
            """.write(toFile: folder + "/prometheus.yml", atomically: true, encoding: .utf8)
        try """
            tls_server_config:
              cert_file: \(folder)/server.pem
              key_file: \(folder)/server.key
            """.write(toFile: folder + "/web.yml", atomically: true, encoding: .utf8)
        let engine = LoopbackEngine(
            folder: folder, name: "prometheus",
            command: "exec prometheus --config.file='\(folder)/prometheus.yml' --web.config.file='\(folder)/web.yml' "
                + "--web.listen-address=127.0.0.1:\(port) --storage.tsdb.path='\(folder)/data' --web.enable-remote-write-receiver",
            readyURL: "https://127.0.0.1:\(port)/-/ready", caFile: folder + "/ca.pem")
        defer { if let pid = engine.pid { kill(pid, SIGKILL) } }
        let counts = try await runOutage(rig: rig, engine: engine, url: "https://127.0.0.1:\(port)/api/v1/write") { from, to in
            await Self.prometheusCounts(port: port, folder: folder, from: from, to: to)
        }
        print("prometheus samples per minute of s1 before the backfill: \(counts.before)")
        print("prometheus samples per minute of s1 after the backfill:  \(counts.after)")
    }

    @Test func victoriaMetricsGetsEveryMinuteOfAnOutageOnceWhenItAnswersAgain() async throws {
        let rig = try PushRig(name: "vm")
        defer { try? FileManager.default.removeItem(atPath: rig.home.path) }
        let folder = rig.home.path
        try await LoopbackEngine.makeCertificates(folder: folder)
        let port = await LoopbackEngine.freePort(folder: folder)
        let engine = LoopbackEngine(
            folder: folder, name: "victoria-metrics",
            command: "exec /usr/bin/victoria-metrics -httpListenAddr=127.0.0.1:\(port) -storageDataPath='\(folder)/vm' "
                + "-tls -tlsCertFile='\(folder)/server.pem' -tlsKeyFile='\(folder)/server.key' -search.latencyOffset=0s "
                + "-search.disableCache -retentionPeriod=1",
            readyURL: "https://127.0.0.1:\(port)/health", caFile: folder + "/ca.pem")
        defer { if let pid = engine.pid { kill(pid, SIGKILL) } }
        let counts = try await runOutage(rig: rig, engine: engine, url: "https://127.0.0.1:\(port)/api/v1/write") { from, to in
            await Self.victoriaCounts(port: port, folder: folder, from: from, to: to)
        }
        print("victoria-metrics samples per minute of s1 before the backfill: \(counts.before)")
        print("victoria-metrics samples per minute of s1 after the backfill:  \(counts.after)")
    }

    /// The story, against one engine: `count(from, to)` gives s1's samples per minute (nil
    /// while the engine cannot answer). Returns the counts before and after the backfill.
    private func runOutage(rig: PushRig, engine: LoopbackEngine, url: String,
                           count: @escaping @Sendable (Int64, Int64) async -> [Int]?) async throws -> (before: [Int], after: [Int]) {
        let now = Int64(Date().timeIntervalSince1970 * 1000) / Self.minute * Self.minute
        let start = now - 20 * Self.minute
        let configuration = rig.configuration(url: url, caFile: engine.caFile, since: start)
        try await engine.start()
        // Five minutes with the receiver up.
        try rig.record(from: start, to: start + 5 * Self.minute)
        var state = await rig.pusher.push([], roundAtMs: start + 5 * Self.minute, configuration: configuration)
        #expect(state.lastAnswer.map(RemoteWritePolicy.verdict) == .accepted, "\(engine.log.suffix(1500))")
        // Ten minutes of rounds the receiver never gets.
        await engine.stop()
        for part in 0..<2 {
            let from = start + Int64(5 + part * 5) * Self.minute
            try rig.record(from: from, to: from + 5 * Self.minute)
            state = await rig.pusher.push([], roundAtMs: from + 5 * Self.minute, configuration: configuration)
            #expect(state.lastAnswer == .failed("connection_refused") || state.lastAnswer == .failed("connect"),
                    "\(String(describing: state.lastAnswer))")
            #expect(state.cursor?.at ?? 0 < start + 5 * Self.minute)
        }
        try await engine.start()
        let before = try await waitFor(count, from: start, to: now) { $0.prefix(5).allSatisfy { $0 == 6 } }
        #expect(before.dropFirst(5).prefix(10).allSatisfy { $0 == 0 }, "the outage is a gap before the backfill: \(before)")
        // Back: the last five minutes, and everything missed, oldest first, 50 rows a request.
        try rig.record(from: start + 15 * Self.minute, to: now)
        var last = OpenMetricsReport.Family(name: "verbumcare_monitor_last_round_timestamp_seconds", help: "")
        last.samples.append(([], Double(now / 1000)))
        let round = [last]
        state = await rig.pusher.push(round, roundAtMs: now, configuration: configuration)
        #expect(state.lastAnswer.map(RemoteWritePolicy.verdict) == .accepted, "\(String(describing: state.lastAnswer))")
        #expect(state.cursor?.at ?? 0 >= now - 10_000)
        let after = try await waitFor(count, from: start, to: now) { $0.count == 20 && $0.allSatisfy { $0 == 6 } }
        #expect(after == Array(repeating: 6, count: 20), "every minute complete, no sample twice: \(after)")
        // The cursor was kept in the state folder: a new pusher (a restarted monitor) sends nothing again.
        #expect(RemoteWriteStateFile(paths: rig.paths).read()?.cursor == state.cursor)
        return (before, after)
    }

    /// Polls `count` until `done` holds or 15 s pass; the last answer either way.
    private func waitFor(_ count: @Sendable (Int64, Int64) async -> [Int]?, from: Int64, to: Int64,
                         until done: ([Int]) -> Bool) async throws -> [Int] {
        var last: [Int] = []
        await Eventually.holds(within: .seconds(15), every: .milliseconds(100)) {
            guard let counts = await count(from, to) else { return false }
            last = counts
            return done(counts)
        }
        return last
    }

    /// s1's samples in each minute (start, start + 1 min] … by `count_over_time` over a range query.
    static func prometheusCounts(port: Int, folder: String, from: Int64, to: Int64) async -> [Int]? {
        let query = "count_over_time(probe_success{facility=\"\(PushRig.facility)\",server=\"s1\"}[1m])"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let url = "https://127.0.0.1:\(port)/api/v1/query_range?query=\(query)&start=\((from + minute) / 1000)&end=\(to / 1000)&step=60"
        guard let data = await LoopbackEngine.get(url, caFile: folder + "/ca.pem", folder: folder),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let result = (json["data"] as? [String: Any])?["result"] as? [[String: Any]] else { return nil }
        guard let values = result.first?["values"] as? [[Any]] else { return Array(repeating: 0, count: Int((to - from) / minute)) }
        var byMinute = [Int: Int]()
        for value in values {
            guard let t = value.first as? Double, let text = value.last as? String, let n = Int(text) else { continue }
            byMinute[Int((Int64(t) * 1000 - from) / minute) - 1] = n
        }
        return (0..<Int((to - from) / minute)).map { byMinute[$0] ?? 0 }
    }

    /// s1's raw samples from `/api/v1/export`, counted per minute (start, start + 1 min] … .
    static func victoriaCounts(port: Int, folder: String, from: Int64, to: Int64) async -> [Int]? {
        let match = "probe_success{facility=\"\(PushRig.facility)\",server=\"s1\"}"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let url = "https://127.0.0.1:\(port)/api/v1/export?match[]=\(match)&start=\(from / 1000)&end=\(to / 1000)"
        guard let data = await LoopbackEngine.get(url.replacingOccurrences(of: "[]", with: "%5B%5D"), caFile: folder + "/ca.pem",
                                                  folder: folder),
              let text = String(data: data, encoding: .utf8) else { return nil }
        var counts = Array(repeating: 0, count: Int((to - from) / minute))
        for line in text.split(separator: "\n") {
            guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let stamps = json["timestamps"] as? [NSNumber] else { continue }
            for stamp in stamps.map(\.int64Value) {
                let index = Int((stamp - from - 1) / minute)
                if stamp > from, index < counts.count { counts[index] += 1 }
            }
        }
        return counts
    }
}
