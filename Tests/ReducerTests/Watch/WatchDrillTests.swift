import PropertyBased
import Testing
@testable import SettingsStore

/// Drills in the monitor's watch (SPEC §16), in virtual time: random stories of a drill on one
/// server (any scenario, any length) among other servers' random outages, with acknowledgements,
/// early ends and restarts. What must happen is computed from the story's own times and the
/// real results, never from the reducer's state.
@Suite("Watch drills")
struct WatchDrillTests {
    struct Story: CustomStringConvertible {
        enum Action: Equatable, CustomStringConvertible {
            case rounds(Int)
            case ack
            case end
            case restart(gap: Int)

            var description: String {
                switch self {
                case .rounds(let n): "\(n) rounds"
                case .ack: "drill ack"
                case .end: "drill end"
                case .restart(let gap): "restart (\(gap)s)"
                }
            }
        }

        var drilled: Int
        var scenario: DrillRecord.Scenario
        var seconds: Int
        var roundsBefore: Int
        /// The other servers' real results (the drilled server is really up throughout).
        var scripts: [[WatchWorld.Probe]]
        var actions: [Action]

        var description: String {
            "drill s\(drilled) \(scenario) \(seconds)s after \(roundsBefore) rounds; "
                + scripts.enumerated().map { "s\($0.offset): " + $0.element.map(\.description).joined() }.joined(separator: "; ")
                + "; " + actions.map(\.description).joined(separator: " → ")
        }
    }

    static let story = zip(Gen.int(in: 0...2), Gen.int(in: 0...2), Gen.int(in: 1...30), Gen.int(in: 0...3),
                           WatchStoryGen.script.array(of: 2...2),
                           zip(Gen.int(in: 0...9), Gen.int(in: 0...12)).array(of: 0...8))
        .map { drilled, scenario, length, before, scripts, actions in
            Story(drilled: drilled, scenario: DrillRecord.Scenario.allCases[scenario], seconds: length * 10,
                  roundsBefore: before, scripts: scripts,
                  actions: actions.map { kind, amount -> Story.Action in
                      switch kind {
                      case 0...5: .rounds(1 + amount % 4)
                      case 6: .ack
                      case 7: .end
                      default: .restart(gap: 1 + amount * 5)
                      }
                  })
        }

    /// What the story did, with its times: the world after it, the drill's server, and when
    /// each command happened (nil: refused).
    struct Played {
        var world: WatchWorld
        var serverId: String
        var start: Double
        var acks: [Double] = []
        var ends: [Double] = []
    }

    static func play(_ story: Story) -> Played {
        let ids = WatchWorld.hydrated(upConfirmations: 2).settings.availableServers.map(\.id)
        let serverId = ids[story.drilled]
        var scripts: [String: [WatchWorld.Probe]] = [:]
        for (offset, id) in ids.filter({ $0 != serverId }).enumerated() where offset < story.scripts.count {
            scripts[id] = story.scripts[offset]
        }
        var world = WatchWorld(scripts: scripts)
        world.rounds(story.roundsBefore)
        guard let drill = world.drillStart(serverId, story.scenario, seconds: story.seconds) else {
            Issue.record("drill refused with no drill running")
            return Played(world: world, serverId: serverId, start: 0)
        }
        var played = Played(world: world, serverId: serverId, start: drill.start)
        for action in story.actions {
            switch action {
            case .rounds(let n): played.world.rounds(n)
            case .ack:
                let at = played.world.nextQuarter()
                if played.world.drillAck() { played.acks.append(at) }
            case .end:
                let at = played.world.nextQuarter()
                if played.world.drillEnd(note: "n") { played.ends.append(at) }
            case .restart(let gap): played.world.restart(gap: gap)
            }
        }
        // Past the drill's own end, then every incident closes.
        while let last = played.world.drills.open, played.world.now <= last.until + 1 { played.world.rounds(1) }
        played.world.drain()
        return played
    }

    /// How the drill must have ended, from the story's times alone: `drill end` while it ran,
    /// a recorder stopped while it ran (closed when the next one started), or its time.
    static func expectedEnd(_ played: Played, until: Double) -> (at: Double, by: DrillRecord.Ending) {
        let stops = played.world.lifetimes.enumerated().compactMap { index, life -> (stop: Double, next: Double)? in
            guard let stop = life.stop, stop > played.start, stop < until,
                  index + 1 < played.world.lifetimes.count else { return nil }
            return (stop, played.world.lifetimes[index + 1].start)
        }.first
        let command = played.ends.first
        if let stop = stops, command.map({ stop.stop < $0 }) ?? true { return (min(stop.next, until), .restart) }
        if let command { return (command, .command) }
        return (until, .duration)
    }

    @Test("the drilled server fails its way for every decision; its real results are what is recorded; no incident stored; ends by itself or as told")
    func drillDecisions() async {
        await propertyCheck(count: 150, input: Self.story) { story in
            let played = Self.play(story)
            let world = played.world
            let context = "\(story)\n  \(world.log.joined(separator: " | "))"
            guard let drill = world.drills.drills.last, world.drills.drills.count == 1 else {
                Issue.record("one drill expected: \(world.drills) \(context)")
                return
            }
            let until = played.start + Double(story.seconds)
            let expected = Self.expectedEnd(played, until: until)
            #expect(drill.end == expected.at && drill.endedBy == expected.by, "\(drill) \(context)")
            #expect(drill.acknowledged?.at == played.acks.first, "\(context)")

            // Real results recorded, apart: every recorded result of the drilled server is its
            // real one (up), and history holds no incident of it (uptime untouched).
            let recorded = world.effects.compactMap { entry -> [DetailedStatus]? in
                if case let .record(results, _) = entry.effect { return results }
                return nil
            }.flatMap { $0 }.filter { $0.serverId == played.serverId }
            #expect(!recorded.isEmpty && recorded.allSatisfy(\.isHealthy), "\(context)")
            #expect(!world.incidents.contains { $0.serverId == played.serverId || $0.serverId.hasSuffix(played.serverId) },
                    "\(world.incidents) \(context)")

            // Alerts: the drilled server's are all the drill's, with its reason; others' never.
            let alerts = world.delivered.map(\.alert)
            for alert in alerts {
                #expect(alert.drill == (alert.server.id == played.serverId), "\(alert) \(context)")
                #expect(!alert.drill || alert.ledgerKey.hasPrefix("drill:"), "\(context)")
            }
            let reason = DrillPolicy.reason(story.scenario, connectionTimeout: world.state.settings.connectionTimeout).code
            let downs = alerts.filter { $0.drill && $0.kind == .serverDown }
            #expect(downs.allSatisfy { $0.reason?.code == reason }, "\(context)")

            // The first round after the start whose re-test (a second later) is still in the
            // drill fails, the re-test confirms it: server_down then, the record's first alert.
            let end = drill.end ?? until
            let tested: Set<Double> = Set(world.samples[played.serverId, default: []].map(\.at))
            let rounds: [Double] = world.evaluations.map(\.at).filter { (at: Double) -> Bool in
                at > played.start && at == at.rounded() && at + 1 < end
            }
            let firstFailure: Double? = rounds.first { (at: Double) -> Bool in tested.contains(at) }
            let firstConfirmed = firstFailure.map { $0 + 1 }
            #expect(downs.first?.at == firstConfirmed, "\(downs) \(context)")
            #expect(drill.firstAlert?.at == firstConfirmed && (firstConfirmed == nil || drill.firstAlert?.event == "server_down"),
                    "\(drill) \(context)")
            #expect(downs.count <= 1, "\(context)")
            // Told back up once the drill is over, unless the process that knew of it stopped.
            let ups = alerts.filter { $0.drill && $0.kind == .serverUp }
            if let down = downs.first, let process = world.delivered.first(where: { $0.alert == down })?.process {
                // The process that knew of the drill's outage tested the server after the drill
                // and re-tested it a second later (two successes close it).
                let after = Set(world.samples[played.serverId, default: []]
                    .filter { $0.process == process && $0.at >= end }.map(\.at))
                let closed = after.contains { after.contains($0 + 1) }
                #expect(ups.count == (closed ? 1 : 0), "\(context)")
                #expect(ups.allSatisfy { $0.at >= end }, "\(context)")
            } else {
                #expect(ups.isEmpty, "\(context)")
            }
        }
    }

    @Test("bad input: a second drill while one runs, ack and end with no drill: refused, nothing changed")
    func refusals() {
        var world = WatchWorld(scripts: [:])
        let ackRefused = !world.drillAck(), endRefused = !world.drillEnd()
        #expect(ackRefused && endRefused)
        #expect(world.drills.drills.isEmpty)
        let first = world.drillStart("pn51", .down, seconds: 60)
        #expect(first != nil)
        let before = world.drills
        let second = world.drillStart("mac-mini", .slow, seconds: 60)
        #expect(second == nil)
        #expect(world.drills == before)
        world.rounds(8)
        // Over by itself: ack and end are refused again, and a new drill may start.
        #expect(world.drills.drills.first?.endedBy == .duration)
        let ackAfter = world.drillAck(), endAfter = world.drillEnd()
        #expect(!ackAfter && !endAfter)
        let next = world.drillStart("mac-mini", .slow, seconds: 60)
        #expect(next != nil)
    }
}
