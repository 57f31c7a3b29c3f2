@testable import SettingsStore

/// What SPEC §15 says the alerts about servers going down and up must be, computed from what
/// the world did (every probe's result and time, the mutes as they were, the processes'
/// lifetimes), never from the reducer's state.
///
/// - An outage is two or more failed results in a row (a failure and its confirming re-test);
///   it starts at the first and is confirmed at the second. It ends at the first of
///   `alert_up_confirmations` successes in a row, and closes at the last of them. A process
///   that starts during an outage counts the successes afresh (it knows the open incident,
///   not the streak).
/// - Its `server_down` is due at the first moment the watch judges the server (an event of a
///   process that has tested it, or the end of a mute) between confirmation and close when no
///   mute holds the server. No such moment: the outage was all inside a mute, and nothing is sent.
/// - Its `server_up`, when its `server_down` was due, at the first such moment from the close on.
/// - `resolvedOnStart`: the outage was open when a process stopped and the next one found it
///   over (its first result of the server began the closing streak).
struct OutageOracle {
    struct Outage: CustomStringConvertible {
        var serverId: String
        var start: Double
        var confirmed: Double
        var end: Double?
        var closed: Double?
        var resolvedOnStart = false
        /// Open when a process started (the new process inherited it).
        var inherited = false

        var description: String {
            let t = { (x: Double?) in x.map { "\($0 - WatchWorld.start)" } ?? "-" }
            return "outage \(serverId) \(t(start))…\(t(end)) (confirmed \(t(confirmed)), closed \(t(closed)))"
        }
    }

    let world: any WatchRecord

    func outages(of serverId: String) -> [Outage] {
        var result: [Outage] = []
        var open: Outage?
        var failures = 0, successes = 0
        var streakStart = 0.0, upStart = 0.0
        var process = 0
        var freshSinceStart = false
        for sample in world.samples[serverId, default: []] {
            if sample.process != process {
                process = sample.process
                successes = 0
                failures = open == nil ? 0 : 2
                open?.inherited = true
                freshSinceStart = open != nil
            }
            if sample.ok {
                if successes == 0 { upStart = sample.at }
                successes += 1
                failures = 0
                if var outage = open, successes >= world.upConfirmations {
                    outage.end = upStart
                    outage.closed = sample.at
                    outage.resolvedOnStart = freshSinceStart
                    result.append(outage)
                    open = nil
                }
            } else {
                if failures == 0 { streakStart = sample.at }
                failures += 1
                successes = 0
                freshSinceStart = false
                if open == nil, failures >= 2 {
                    open = Outage(serverId: serverId, start: streakStart, confirmed: sample.at)
                }
            }
        }
        return result + (open.map { [$0] } ?? [])
    }

    /// Whether a mute held `serverId`'s alerts at `time`.
    func isMuted(_ serverId: String, at time: Double) -> Bool {
        guard let list = world.muteChanges.last(where: { $0.at <= time })?.list else { return false }
        return list.entries.contains { ($0.serverId == nil || $0.serverId == serverId) && $0.until > time }
    }

    /// The moments the watch judges `serverId`, in order: every event of a process after it first
    /// tested the server, and every end of a mute while a process ran (whether or not the
    /// reducer asked for a timer then).
    func judgements(of serverId: String) -> [(at: Double, process: Int)] {
        var moments = world.evaluations
        for (index, change) in world.muteChanges.enumerated() {
            for entry in change.list.entries {
                // A natural end: the entry was still in mutes.json when its time came.
                let stillThere = world.muteChanges[(index + 1)...].filter { $0.at < entry.until }
                    .allSatisfy { $0.list.entries.contains(entry) }
                guard stillThere, let process = world.lifetimes.lastIndex(where: { $0.start <= entry.until }),
                      world.lifetimes[process].stop.map({ entry.until < $0 }) ?? true
                else { continue }
                moments.append((at: entry.until, process: process))
            }
        }
        return moments
            .filter { moment in world.firstSeen[moment.process][serverId].map { $0 <= moment.at } ?? false }
            .sorted { $0.at < $1.at }
    }

    /// When `outage`'s `server_down` is due (nil: never), and its `server_up`.
    func due(_ outage: Outage) -> (down: (at: Double, process: Int)?, up: (at: Double, process: Int)?) {
        let moments = judgements(of: outage.serverId)
        let down = moments.first { $0.at >= outage.confirmed && $0.at < (outage.closed ?? .infinity)
            && !isMuted(outage.serverId, at: $0.at) }
        guard down != nil, let closed = outage.closed else { return (down, nil) }
        let up = moments.first { $0.at >= closed && !isMuted(outage.serverId, at: $0.at) }
        return (down, up)
    }

    /// Every way the delivered `server_down` and `server_up` alerts differ from the above.
    func violations() -> [String] {
        var found: [String] = []
        for id in world.serverIds {
            let outages = outages(of: id)
            let sent = world.delivered.map(\.alert).filter { $0.server.id == id }
            for outage in outages {
                let (down, up) = due(outage)
                let downs = sent.filter { $0.kind == .serverDown && $0.since == outage.start }
                let ups = sent.filter { $0.kind == .serverUp && $0.since == outage.start }
                if let down {
                    if downs.count != 1 || downs.first?.at != down.at {
                        found.append("\(outage): server_down due at \(down.at - WatchWorld.start), sent at \(downs.map { $0.at - WatchWorld.start })")
                    }
                } else if !downs.isEmpty {
                    found.append("\(outage): all inside a mute, yet server_down was sent")
                }
                // Due whichever process runs then: one that held it may have stopped since.
                if let up {
                    if ups.count != 1 || ups.first?.at != up.at {
                        found.append("\(outage): server_up due at \(up.at - WatchWorld.start), sent at \(ups.map { $0.at - WatchWorld.start })")
                    } else if let alert = ups.first {
                        if alert.durationSeconds != outage.end.map({ $0 - outage.start }) {
                            found.append("\(outage): server_up says \(alert.durationSeconds ?? -1) s")
                        }
                        if alert.resolvedOnStart != outage.resolvedOnStart {
                            found.append("\(outage): server_up resolvedOnStart \(alert.resolvedOnStart)")
                        }
                    }
                } else if !ups.isEmpty {
                    found.append("\(outage): server_up sent at \(ups.map { $0.at - WatchWorld.start }) but not due")
                }
            }
            let starts = Set(outages.map(\.start))
            for alert in sent where [.serverDown, .serverUp].contains(alert.kind) && !starts.contains(alert.since ?? -1) {
                found.append("\(alert.kind.rawValue) \(id) since \((alert.since ?? 0) - WatchWorld.start): no such outage (a blip?)")
            }
        }
        if !world.repeatedKeys.isEmpty { found.append("one process sent these twice: \(world.repeatedKeys)") }
        // Whatever the ledger keys are made of, one change is delivered once.
        let changes = world.delivered.map(\.alert).filter { [.serverDown, .serverUp].contains($0.kind) }
            .map { "\($0.kind.rawValue) \($0.server.id) \($0.since ?? 0)" }
        if Set(changes).count != changes.count { found.append("one change was delivered twice: \(changes)") }
        return found
    }
}

/// What a world kept of a story, for the oracles.
protocol WatchRecord {
    /// Every test of every server, in time order.
    var samples: [String: [WatchWorld.Sample]] { get }
    var muteChanges: [(at: Double, list: MuteList)] { get }
    var evaluations: [(at: Double, process: Int)] { get }
    var firstSeen: [[String: Double]] { get }
    var lifetimes: [(start: Double, stop: Double?)] { get }
    var delivered: [(alert: AlertEvent, process: Int)] { get }
    var repeatedKeys: [String] { get }
    var upConfirmations: Int { get }
    var serverIds: [String] { get }
}

extension WatchWorld: WatchRecord {}
