import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// The status page's model over random states of the watch (SPEC §16): the configured
/// server's condition, the advice (always exactly the one the rule gives, consistent with
/// `bcp_trigger_minutes`), and the incidents of the last 24 h only, newest first. The oracle
/// below is written from the SPEC's words, apart from the code it checks.
@Suite("Status page model: random states")
struct StatusPageModelPropertyTests: RandomChoices {
    enum Kind: CaseIterable { case unseen, up, slow, failedOnce, down }

    struct Case: Sendable, CustomStringConvertible {
        var kinds: [Kind]
        /// Seconds before now each server's current streak began.
        var ages: [Int]
        var inUse: Int
        var triggerMinutes: Int
        var probeInterval: Int
        /// History incidents: (server index, start seconds before now, length in seconds or nil: open).
        var history: [(Int, Int, Int?)]

        var description: String {
            "kinds \(kinds) ages \(ages) inUse \(inUse) trigger \(triggerMinutes) min interval \(probeInterval) history \(history)"
        }
    }

    static let now: Double = 1_800_000_000
    static let slowThresholdMs = 1500

    static let cases = shrinking { rng -> Case in
        let servers = 3
        let trigger = int(1...60, &rng)
        // Half the states have no server working (the paper rule), and half the streaks start
        // near the trigger's edge, where an off-by-one would show.
        let failing = chance(0.5, &rng)
        let kinds = (0..<servers).map { _ in pick(failing ? [.down, .failedOnce] : Kind.allCases, &rng) }
        let ages = (0..<servers).map { _ in chance(0.5, &rng) ? max(0, trigger * 60 + int(-3...3, &rng)) : int(0...7200, &rng) }
        let history = (0..<int(0...6, &rng)).map { _ in
            (int(0...(servers - 1), &rng), int(0...(3 * 86_400), &rng), chance(0.2, &rng) ? nil : int(0...(2 * 86_400), &rng))
        }
        return Case(kinds: kinds, ages: ages, inUse: int(0...(servers - 1), &rng), triggerMinutes: trigger,
                    probeInterval: int(2...600, &rng), history: history)
    }

    /// The state the case describes, through the watch's own types.
    static func state(_ item: Case) throws -> (WatchState, SettingsState) {
        let world = try ReducerWorld(active: false)
        var settings = world.state
        settings.probeInterval = item.probeInterval
        settings.watchSettings.slowThresholdMs = slowThresholdMs
        let servers = Array(settings.availableServers.prefix(item.kinds.count))
        settings.currentServer = servers[item.inUse]
        var watch = WatchState(role: .monitor)
        for (index, server) in servers.enumerated() {
            let since = now - Double(item.ages[index])
            var entry = ServerWatch()
            switch item.kinds[index] {
            case .unseen:
                continue
            case .up, .slow:
                var result = ReducerWorld.status(server, health: .up, at: now)
                result.responseTime = item.kinds[index] == .slow ? Double(slowThresholdMs + 500) : 20
                entry.lastResult = result
                entry.successes = 3
                entry.upStreakStart = since
            case .failedOnce:
                entry.lastResult = ReducerWorld.status(server, health: .down, at: now)
                entry.failures = 1
                entry.streakStart = since
            case .down:
                entry.lastResult = ReducerWorld.status(server, health: .down, at: now)
                entry.failures = 4
                entry.streakStart = since
                entry.incident = ServerWatch.OpenIncident(start: since, reason: ConnectivityError(code: .connect, message: "refused"))
            }
            entry.seen = true
            watch.servers[server.id] = entry
        }
        let incidents = item.history.enumerated().map { offset, entry in
            let start = Int64((now - Double(entry.1)) * 1000)
            return Incident(id: Int64(offset + 1), serverId: servers[entry.0].id, start: start,
                            end: entry.2.map { start + Int64($0) * 1000 }, reasonCode: "timeout")
        }
        watch.history = HistorySummary(figures: [:], incidents: incidents.sorted { $0.start > $1.start }, at: now)
        return (watch, settings)
    }

    @Test("over 300 random states: the condition, exactly the advice the rule gives, the last 24 h of incidents")
    func adviceAndIncidents() async {
        await propertyCheck(count: 300, input: Self.cases) { item in
            guard let (watch, settings) = try? Self.state(item) else {
                Issue.record("the state could not be built")
                return
            }
            let model = StatusPageModel.make(watch: watch, settings: settings, at: Self.now, triggerMinutes: item.triggerMinutes)
            let servers = Array(settings.availableServers.prefix(item.kinds.count))
            let configured = servers.firstIndex { $0.id == settings.configuredServer.id } ?? 0
            // The condition, in the SPEC's words.
            let expected: StatusPageModel.Condition = switch item.kinds[configured] {
            case .up: .up
            case .slow: .slow
            case .down: .down
            case .unseen, .failedOnce: .checking
            }
            #expect(model.configured.condition == expected, "\(item)")
            #expect(model.staleAfter == Self.now + 3 * Double(item.probeInterval), "\(item)")

            // The advice: exactly one of the four, and the one the rule gives.
            let works = { (i: Int) in item.kinds[i] == .up || item.kinds[i] == .slow }
            let others = servers.indices.filter { $0 != configured && works($0) }
            switch item.kinds[configured] {
            case .up, .unseen, .failedOnce:
                #expect(model.advice == .asUsual, "\(item): \(model.advice)")
            case .slow:
                #expect(model.advice == .expectSlowness(paperAt: nil), "\(item): \(model.advice)")
            case .down where !others.isEmpty:
                // The server in use first, when it works.
                let preferred = others.contains(item.inUse) ? item.inUse : others[0]
                #expect(model.advice == .useServer(id: servers[preferred].id), "\(item): \(model.advice)")
            case .down:
                // Nothing works: the last moment one did is the latest start of the failing
                // streaks (unknown when a server was never tested).
                if item.kinds.contains(.unseen) {
                    #expect(model.advice == .expectSlowness(paperAt: nil), "\(item): \(model.advice)")
                } else {
                    let lastWorked = Self.now - Double(item.ages.min() ?? 0)
                    let noneFor = Self.now - lastWorked
                    if noneFor > Double(item.triggerMinutes * 60) {
                        #expect(model.advice == .recordOnPaper(since: lastWorked), "\(item): \(model.advice)")
                    } else {
                        #expect(model.advice == .expectSlowness(paperAt: lastWorked + Double(item.triggerMinutes * 60)),
                                "\(item): \(model.advice)")
                    }
                }
            }

            // The incidents: every one open or ended within the last 24 h, and no other; the
            // watch's open incidents too when history has none open for that server.
            let dayAgo = Int64((Self.now - 86_400) * 1000)
            let fromHistory = watch.history?.incidents.filter { $0.end.map { $0 >= dayAgo } ?? true } ?? []
            let liveOpen = servers.indices.filter { item.kinds[$0] == .down }
                .filter { i in !fromHistory.contains { $0.serverId == servers[i].id && $0.isOpen } }
            #expect(model.incidents.count == fromHistory.count + liveOpen.count, "\(item): \(model.incidents)")
            #expect(model.incidents.allSatisfy { ($0.end ?? Int64.max) >= dayAgo }, "\(item): \(model.incidents)")
            #expect(model.incidents.map(\.start) == model.incidents.map(\.start).sorted(by: >), "newest first")
            for incident in fromHistory {
                #expect(model.incidents.contains(incident), "\(item): \(incident) is missing")
            }
        }
    }
}
