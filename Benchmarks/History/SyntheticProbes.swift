import AppCore
import Foundation

/// Probe results as a facility box sees them: a probe every 10 s (±0.2 s), about 99.5 % of
/// them successful, a few outages of 20 to 120 minutes in which nothing answers, and health
/// checks taking about 40 ms (log-normal, so a long tail). Seeded, so every run records the
/// same history.
struct SyntheticProbes {
    static let intervalMs: Int64 = 10_000

    private var random: SplitMix64
    /// Outages as [start, end) in ms, per server index.
    private let outages: [[Range<Int64>]]
    let servers: [String]

    init(servers: Int, start: Int64, days: Int64, seed: UInt64 = 0x5643_4831) {
        random = SplitMix64(seed: seed)
        self.servers = (0..<servers).map { "server-\($0)" }
        let span = days * 86_400_000
        var perServer: [[Range<Int64>]] = []
        for _ in 0..<servers {
            // About eight outages a year.
            let count = max(1, Int(days * 8 / 365))
            var ranges: [Range<Int64>] = []
            for _ in 0..<count {
                let begin = start + Int64(random.next() % UInt64(span))
                let length = Int64(20 + random.next() % 101) * 60_000
                ranges.append(begin..<(begin + length))
            }
            perServer.append(ranges)
        }
        outages = perServer
    }

    /// One round: every server probed at about `at`.
    mutating func round(at: Int64) -> [ProbeSample] {
        servers.indices.map { index in sample(server: index, at: at + Int64(random.next() % 401) - 200) }
    }

    private mutating func sample(server: Int, at: Int64) -> ProbeSample {
        let id = servers[server]
        if outages[server].contains(where: { $0.contains(at) }) {
            return ProbeSample(serverId: id, at: at, ok: false, latencyMs: nil, reasonCode: "timeout")
        }
        let latency = 40 * exp(0.45 * normal())
        // 0.4 % fail with an answer (a 502 from a proxy, a slow response).
        if random.unit() < 0.004 {
            return ProbeSample(serverId: id, at: at, ok: false, latencyMs: latency, reasonCode: "http_status")
        }
        return ProbeSample(serverId: id, at: at, ok: true, latencyMs: latency)
    }

    /// A standard normal value (Box–Muller).
    private mutating func normal() -> Double {
        let u = max(random.unit(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * random.unit())
    }
}

/// A small seeded generator (SplitMix64): the same history on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
