import AppCore
import PropertyBased
import Testing
import TestSupport

/// The fleet's rows (SPEC §15.4) from random query answers: one row per box, the server in use
/// and its status as the box exported them, silent exactly after 3 probe intervals without a
/// round, worst first, independent of the order the series arrive in; the filter keeps exactly
/// the rows that contain its text. The expectations are written from the generated boxes, not
/// from `FleetRows`' own conditions.
@Suite("Fleet rows from query answers", .shrinking)
struct FleetRowsPropertyTests {
    struct GeneratedServer: Sendable, CustomStringConvertible {
        var id: String
        var up: Bool
        var uptime: Double
        var description: String { "\(id)\(up ? "↑" : "↓")\(uptime)" }
    }

    struct GeneratedBox: Sendable, CustomStringConvertible {
        var facility: String
        var box: String
        /// nil: the box never finished a round.
        var age: Double?
        var interval: Double
        var fallback: Bool
        var servers: [GeneratedServer]
        var inUse: Int
        var description: String { "\(facility)/\(box) age=\(age.map { "\($0)" } ?? "-") every \(interval) fb=\(fallback) \(servers) use=\(inUse)" }
    }

    struct Answer: Sendable, CustomStringConvertible {
        var boxes: [GeneratedBox]
        var shuffleSeed: UInt64
        var description: String { boxes.map(\.description).joined(separator: "; ") }
    }

    static let now = 1_800_000_000.0

    static let answers = shrinking { rng -> Answer in
        let facilities = ["kobe", "osaka", "nara", "施設A"]
        var seen: Set<String> = []
        var boxes: [GeneratedBox] = []
        for index in 0..<Int.random(in: 0...12, using: &rng) {
            let facility = facilities[Int.random(in: 0..<facilities.count, using: &rng)]
            let box = "box\(Int.random(in: 0...5, using: &rng))"
            guard seen.insert(facility + "/" + box).inserted else { continue }
            let servers = (0..<Int.random(in: 1...3, using: &rng)).map { number in
                GeneratedServer(id: ["pn51", "mac-mini", "ward\(index)"][number], up: Bool.random(using: &rng),
                                uptime: Double(Int.random(in: 90...100, using: &rng)) / 100)
            }
            let hasRound = Int.random(in: 0...9, using: &rng) > 0
            boxes.append(GeneratedBox(facility: facility, box: box,
                                      age: hasRound ? Double(Int.random(in: 0...120, using: &rng)) : nil,
                                      interval: Double([5, 10, 30][Int.random(in: 0...2, using: &rng)]),
                                      fallback: Int.random(in: 0...3, using: &rng) == 0, servers: servers,
                                      inUse: Int.random(in: 0..<servers.count, using: &rng)))
        }
        return Answer(boxes: boxes, shuffleSeed: UInt64.random(in: 0...UInt64.max, using: &rng))
    }

    /// What Prometheus would answer for these boxes: the exported series, labelled as the
    /// scrape config of docs/FLEET.md labels them.
    static func samples(_ boxes: [GeneratedBox]) -> [FleetSample] {
        var samples: [FleetSample] = []
        for box in boxes {
            let labels = ["facility": box.facility, "box": box.box, "instance": "10.0.0.1:9100", "job": "verbumcare-boxes"]
            func add(_ name: String, _ value: Double, _ extra: [String: String] = [:]) {
                samples.append(FleetSample(name: name, labels: labels.merging(extra) { _, new in new }, value: value, at: now))
            }
            if let age = box.age { add("verbumcare_monitor_last_round_timestamp_seconds", now - age) }
            add("verbumcare_monitor_probe_interval_seconds", box.interval)
            add("verbumcare_fallback_active", box.fallback ? 1 : 0)
            for (index, server) in box.servers.enumerated() {
                add("verbumcare_server_in_use", index == box.inUse ? 1 : 0, ["server": server.id])
                add("probe_success", server.up ? 1 : 0, ["server": server.id])
                add("verbumcare_uptime_ratio", server.uptime, ["server": server.id, "window": "24h"])
                add("verbumcare_uptime_ratio", 0.5, ["server": server.id, "window": "7d"])
            }
        }
        return samples
    }

    /// How bad a generated box is, from its own facts (lower is worse).
    static func expectedRank(_ box: GeneratedBox) -> Int {
        guard let age = box.age, age <= 3 * box.interval else { return 0 }  // silent
        let inUse = box.servers[box.inUse]
        if !inUse.up { return 1 }       // down
        if box.fallback { return 2 }    // fallback
        return inUse.uptime < 1 ? 4 : 5 // warning (uptime under 100 %), ok
    }

    static let rank: [FleetRow.Status: Int] = [.silent: 0, .down: 1, .fallback: 2, .unknown: 3, .warning: 4, .ok: 5]

    @Test("one row per box, its server in use and status, silent after 3 intervals, worst first, in any order")
    func rowsFollowTheBoxes() async {
        await propertyCheck(count: 200, input: Self.answers) { answer in
            let samples = Self.samples(answer.boxes)
            let rows = FleetRows.build(series: samples, p95: [])
            #expect(rows.count == answer.boxes.count)
            for box in answer.boxes {
                guard let row = rows.first(where: { $0.facility == box.facility && $0.box == box.box }) else {
                    Issue.record("no row for \(box)")
                    continue
                }
                #expect(row.serverInUse == box.servers[box.inUse].id)
                #expect(row.isSilent == (box.age == nil || box.age! > 3 * box.interval), "\(box) → \(row.status)")
                #expect(Self.rank[row.status] == Self.expectedRank(box), "\(box) → \(row.status)")
                #expect(row.fallback == box.fallback)
                #expect(row.inUse?.uptime24h == box.servers[box.inUse].uptime, "the 24 h window, not another")
                #expect(row.servers.count == box.servers.count)
            }
            let ranks = rows.compactMap { Self.rank[$0.status] }
            #expect(ranks == ranks.sorted(), "not worst first: \(rows.map(\.status))")
            var generator = SplitMix(seed: answer.shuffleSeed)
            #expect(FleetRows.build(series: samples.shuffled(using: &generator), p95: []) == rows,
                    "the order of the series changed the rows")
        }
    }

    @Test("the filter keeps exactly the rows whose facility, box or server in use contains it, any case")
    func filterKeepsMatches() async {
        let inputs = zip(Self.answers, shrinking { rng in ["", "KOBE", "box1", "pn5", "施設", "mac", "zz"][Int.random(in: 0...6, using: &rng)] })
        await propertyCheck(count: 200, input: inputs) { answer, needle in
            let rows = FleetRows.build(series: Self.samples(answer.boxes), p95: [])
            let kept = FleetRows.filtered(rows, by: needle)
            let matches = { (row: FleetRow) in
                needle.isEmpty || [row.facility, row.box, row.serverInUse ?? ""].contains { $0.lowercased().contains(needle.lowercased()) }
            }
            #expect(kept == rows.filter(matches))
        }
    }

    @Test("garbage, HTML, an error answer and a non-vector answer are told apart")
    func answerProblems() {
        #expect(FleetAnswer.samples(Array("<html><body>login</body></html>".utf8)) == .failure(.notJSON))
        #expect(FleetAnswer.samples([0, 1, 2, 0xFF]) == .failure(.notJSON))
        #expect(FleetAnswer.samples(Array(#"{"status":"error","errorType":"bad_data","error":"parse"}"#.utf8))
                == .failure(.refused(errorType: "bad_data")))
        #expect(FleetAnswer.samples(Array(#"{"status":"success","data":{"resultType":"matrix","result":[]}}"#.utf8))
                == .failure(.notQueryAnswer))
        let escape = #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{"__name__":"probe_success","box":"b\u001b[2Jx","server":"pn51"},"value":[1.5,"1"]}]}}"#
        guard case .success(let samples) = FleetAnswer.samples(Array(escape.utf8)) else {
            Issue.record("a valid answer was refused")
            return
        }
        #expect(samples.first?.labels["box"]?.contains("\u{1B}") == false, "a label reached the screen unsanitized")
        #expect(samples.first?.name == "probe_success" && samples.first?.at == 1.5 && samples.first?.value == 1)
    }
}

/// A seeded generator for the shuffle, so a failing case replays.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
