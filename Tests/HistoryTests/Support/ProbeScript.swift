import AppCore
import PropertyBased

/// A random history: bursts of probes of a few servers, separated by gaps from nothing to
/// 100 days, so a script crosses minute and hour boundaries, the 7-day raw edge and the
/// 90-day minute edge. Within a burst results come at irregular times, some after more than
/// their bound (an uncovered gap), some as confirming re-tests a moment after the result they
/// confirm; a burst may be an outage (most probes fail). Built only from the library's
/// combinators (zip, map, array), so a failing script shrinks: fewer bursts, fewer probes,
/// smaller gaps.
struct ProbeScript: CustomStringConvertible {
    struct Probe {
        var ok: Bool
        var latencyTenths: Int64?
        /// A confirming re-test of the result before it (of the same server).
        var confirming: Bool
        /// Time since the script's previous probe: a re-test's is short.
        var afterMs: Int64
    }

    struct Burst {
        var server: Int
        var gapMs: Int64
        /// What each result of the burst may stand for (`ProbeSample.boundMs`).
        var boundMs: Int64
        var probes: [Probe]
        /// Whether the interleaved-retention test prunes after this burst.
        var pruneAfter: Bool
    }

    var startMs: Int64
    var bursts: [Burst]
    /// How far past the last probe the figures are asked for.
    var laterMs: Int64
    /// Which probe the middle times are taken from (per mille of the script), and how far from
    /// it (up to an hour).
    var pivotPerMille: Int
    var pivotDelayMs: Int64

    static let servers = ["s0", "s1", "s2"]
    /// Server ids asked about: the three that probe and one that never did.
    static let askedServers = servers + ["never-probed"]

    /// The samples, one batch per burst, in time order.
    var batches: [[ProbeSample]] {
        var at = startMs
        var result: [[ProbeSample]] = []
        for burst in bursts {
            at += burst.gapMs
            var batch: [ProbeSample] = []
            for probe in burst.probes {
                at += probe.afterMs
                batch.append(ProbeSample(serverId: Self.servers[burst.server], at: at, ok: probe.ok,
                                         latencyMs: probe.latencyTenths.map { Double($0) / 10 },
                                         reasonCode: probe.ok ? nil : "timeout", boundMs: burst.boundMs,
                                         confirming: probe.confirming))
            }
            result.append(batch)
        }
        return result
    }

    var samples: [ProbeSample] { batches.flatMap { $0 } }

    /// The times figures are compared at, in increasing order: after the last probe; just after
    /// a probe in the middle of the script; and, for each window, the time at which that probe
    /// sits in the window's first hour, where the edge minutes are read.
    var nows: [Int64] {
        let all = samples
        guard let last = all.last else { return [startMs] }
        let pivot = all[min(all.count - 1, all.count * pivotPerMille / 1000)]
        let atWindowStarts = HistoryWindow.allCases.map { pivot.at + $0.seconds * 1000 - pivotDelayMs }
        return ([last.at + laterMs, pivot.at + pivotDelayMs] + atWindowStarts).sorted()
    }

    var lastSampleAt: Int64 { samples.last?.at ?? startMs }

    var description: String {
        "start \(startMs), \(bursts.count) bursts, \(samples.count) probes, nows \(nows)"
            + bursts.map { burst in
                " [s\(burst.server) +\(burst.gapMs)ms bound \(burst.boundMs)ms: "
                    + burst.probes.map { "\($0.confirming ? "c" : "")\($0.ok ? "up" : "down")+\($0.afterMs)" }.joined(separator: " ") + "]"
            }.joined()
    }
}

enum ProbeScriptGen {
    /// A span of time in ms: 30 % under 50 s (the next burst often shares a minute with the
    /// last), 20 % under 17 minutes, 20 % under 17 hours, 10 % under 100 hours, 20 % under 100
    /// days (across the 7-day and 90-day edges). Shrinks towards 0.
    static let duration = zip(Gen.int(in: 0...9), Gen.int(in: 0...1000)).map { scale, value -> Int64 in
        let unitMs: [Int64] = [50, 50, 50, 1000, 1000, 60_000, 60_000, 360_000, 8_640_000, 8_640_000]
        return Int64(value) * unitMs[scale]
    }

    /// A latency in tenths of a ms: exactly on a bucket bound, one tenth above it, somewhere
    /// below it, anywhere up to 20 s, or no answer (nil).
    static let latency = zip(Gen.int(in: 0...13), Gen.int(in: 0...2), Gen.int(in: 0...200_000)).map { kind, edge, free -> Int64? in
        switch kind {
        case 0...10:
            let bound = Int64(LatencyHistogram.upperBoundsMs[kind] * 10)
            return [bound, bound + 1, max(0, bound - 1 - Int64(free) % max(1, bound))][edge]
        case 11: return 100_001 + Int64(free)  // the +Inf bucket
        case 12: return nil
        default: return Int64(free)
        }
    }

    /// A result `ok` (or not, in an outage burst) after 1 to 60 s, or a confirming re-test
    /// 1 ms to 2 s after the result before it.
    static let probe = zip(Gen.bool(0.85), Gen.bool(0.25), latency, Gen.int(in: 1...60_000), Gen.int(in: 1...2_000))
        .map { ok, confirming, latency, interval, retest in
            ProbeScript.Probe(ok: ok, latencyTenths: latency, confirming: confirming,
                              afterMs: Int64(confirming ? retest : interval))
        }

    static let burst = zip(Gen.int(in: 0...2), duration, Gen.int(in: 0...999), Gen.int(in: 5...70),
                           probe.array(of: 1...12), Gen.bool(0.3), Gen.bool(0.25))
        .map { server, gap, jitter, bound, probes, prune, outage in
            ProbeScript.Burst(server: server, gapMs: gap + Int64(jitter), boundMs: Int64(bound) * 1000,
                              probes: outage ? probes.map { var down = $0; down.ok = down.ok && down.afterMs % 5 == 0; return down } : probes,
                              pruneAfter: prune)
        }

    static let script = zip(Gen.int(in: 0...86_400_000), burst.array(of: 1...25), duration,
                            Gen.int(in: 0...1000), Gen.int(in: 0...3_600_000))
        .map { start, bursts, later, pivot, delay in
            // 2025-06-15 plus up to a day, so minute and hour boundaries fall anywhere.
            ProbeScript(startMs: 1_750_000_000_000 + Int64(start), bursts: bursts, laterMs: later,
                        pivotPerMille: pivot, pivotDelayMs: Int64(delay))
        }
}
