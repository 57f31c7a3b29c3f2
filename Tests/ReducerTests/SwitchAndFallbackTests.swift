import Testing
@testable import SettingsStore

/// The reducer's stories of switching and fallback, each told as the events that make it.
@Suite("Reducer: switching and fallback")
struct SwitchAndFallbackTests {
    static let macMini = #"{"backend_server_address": "https://verbumcaremac-mini/api"}"#

    @Test func startTestsTheConfiguredServerAndIsNotASwitch() throws {
        var world = try ReducerWorld(claimsState: true)
        var steps: [SwitchStep] = []
        var statuses: [ConnectionStatus] = [world.state.connectionStatus]
        // Effect by effect, watching every state between; the run as a whole is the start's answer.
        world.store.claim("the start", ReducerWorld.startAnswered(world.server("pn51"), at: world.now), #_sourceLocation) {
            while let index = world.pending.firstIndex(where: { !$0.isTimer }) {
                if let step = world.state.serverSwitchState.progress, steps.last != step { steps.append(step) }
                if statuses.last != world.state.connectionStatus { statuses.append(world.state.connectionStatus) }
                world.complete(at: index)
            }
        }
        statuses.append(world.state.connectionStatus)
        #expect(steps.isEmpty, "starting on the configured server shows no switch steps")
        #expect(!statuses.contains(.switching), "\(statuses)")
        #expect(statuses.contains(.testing))
        #expect(!world.state.timeline.contains { $0.kind == .switched }, "no \"switched to pn51\" on start")
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.serverSwitchState == .idle)
        #expect(world.state.serverHistory.isEmpty, "the server history lists switches, and start is none")
        #expect(world.state.notices.isEmpty)
        #expect(world.pending.contains { if case .scheduleProbe(_, 10) = $0 { true } else { false } },
                "the start's test counts as the first probe: the next one is an interval away")
    }

    @Test func probesComeOneIntervalApartInVirtualTime() throws {
        var world = try ReducerWorld(claimsState: true)
        let start = world.now
        world.settleStart()
        let interval = Double(world.state.probeInterval)
        var fired: [Double] = []
        for round in 1...4 {
            world.fireNextTimer(ReducerWorld.probeAnswered(world.server("pn51"), at: start + Double(round) * interval))
            if world.log.last(where: { $0.hasSuffix("TimerFired") }) == "probeTimerFired" { fired.append(world.now) }
        }
        #expect(fired == (1...4).map { start + Double($0) * interval }, "every \(interval) s from the start's test: \(fired)")
        #expect(world.state.connectionStatus == .connected)
        world.store.finish()
    }

    @Test func choosingAServerWritesSettingsThenSwitches() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let macMini = world.server("mac-mini")
        // settings.json named nothing before (pn51, the default): that is what a failure puts back.
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: world.now))
        #expect(world.fileResolution.configuredServer.id == "mac-mini", "settings.json names it at once")
        #expect(world.state.configuredServer.id == "mac-mini")
        #expect(world.state.connectionStatus == .switching)
        world.settle(ReducerWorld.switched(to: macMini, at: world.now))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.serverSource == .nativeSettings)
        #expect(world.state.timeline.contains { $0.kind == .switched && $0.serverId == "mac-mini" })
    }

    @Test func aFailedSwitchKeepsThePreviousServerAndPutsItBackInSettings() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        world.health["mac-mini"] = .down
        let macMini = world.server("mac-mini")
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: world.now))
        let now = world.now
        let refused = ReducerWorld.status(macMini, health: .down, at: now)
        let reason = ConnectivityError(code: .connect, message: "refused")
        let pn51 = world.server("pn51")
        world.settle {
            // pn51 stays in use, connected, its loop started again; settings.json names it again.
            $0.settings.connectionStatus = .connected
            $0.settings.serverSwitchState = ServerSwitchState()
            $0.settings.configuredServer = pn51
            $0.settings.configuredSource = .default
            $0.settings.connectivity.activeSwitch = nil
            ReducerWorld.loopStarts(connectedTo: "pn51")(&$0)
            // The failure is told: history, timeline, the row, a notice naming the previous server.
            $0.settings.serverHistory.insert(ServerHistoryEntry(serverId: "mac-mini", lastUsed: now, successful: false, durationMs: 0), at: 0)
            $0.settings.timeline.insert(TimelineEntry(at: now, kind: .switchFailed, serverId: "mac-mini", durationMs: 0, reason: reason), at: 0)
            $0.settings.serverStatuses["mac-mini"] = ServerProbeSummary(refused)
            $0.settings.notices = [Notice(subject: .server("mac-mini"), kind: .error,
                                          message: AppError(key: "switch.failed", parameters: [
                                              "server": "mac-mini", "seconds": "10", "previous": "pn51", "host": "verbumcaremac-mini"],
                                              code: .connect, reason: reason),
                                          condition: .serverNotConnected("mac-mini"), inUse: "pn51", postedAt: now)]
            // The watch counts Mac Mini's first failure.
            $0.watch.servers["mac-mini"] = ReducerWorld.firstFailure(refused, at: now)
        }
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.configuredServer.id == "pn51")
        #expect(world.state.configuredSource == .default)
        #expect(world.fileResolution.configuredServer.id == "pn51", "the file names the previous server again")
        let notice = try #require(world.state.notices.first)
        #expect(notice.message.key == "switch.failed" && notice.kind == .error)
        #expect(notice.message.parameters["previous"] == "pn51")
        #expect(notice.message.reason?.code == .connect)
        #expect(world.state.serverHistory.first?.serverId == "mac-mini")
        #expect(world.state.serverHistory.first?.successful == false)
    }

    @Test func escDuringASwitchKeepsThePreviousServerEverywhere() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let (pn51, macMini) = (world.server("pn51"), world.server("mac-mini"))
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: world.now))
        // The switch is testing Mac Mini (slow): Esc.
        while world.state.serverSwitchState.progress != .testingConnection {
            world.complete(at: try #require(world.pending.firstIndex { !$0.isTimer })) { $0.settings.serverSwitchState.progress = .testingConnection }
        }
        world.send(.switchCancelled(at: world.now), ReducerWorld.switchCancelled(to: macMini, back: pn51, at: world.now))
        let now = world.now
        world.settle {
            // The cancelled switch's test still answers: the screen drops it, the watch counts
            // Mac Mini's success (as it counts a superseded probe: see
            // aLateResultOfAnEarlierProbeIsDroppedByTheScreenAndCountedByTheWatch).
            $0.watch.servers[macMini.id] = ReducerWorld.firstSuccess(ReducerWorld.status(macMini, health: .up, at: now), at: now)
        }
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.serverSwitchState == .idle)
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.configuredServer.id == "pn51")
        #expect(world.fileResolution.configuredServer.id == "pn51")
        #expect(world.state.notices.map(\.message.key) == ["switch.cancelled"])
        #expect(world.state.notices.first?.kind == .info)
    }

    @Test func onlyTheLastRequestWinsAndEscPutsBackWhatWasThereFirst() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let (pn51, tailscale) = (world.server("pn51"), world.server("mac-mini-tailscale"))
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: world.server("mac-mini"), previousSelection: SettingsSelection(address: nil),
                                                at: world.now))
        world.send(.settingsChangeRequested(.select(address: "https://verbumcarenomac-mini.local/api"))) {
            // The running switch takes the new target under a new generation; what to put back stays.
            $0.settings.serverSwitchState.toServerId = tailscale.id
            $0.settings.configuredServer = tailscale
            $0.settings.connectivity.lastGeneration += 1
            $0.settings.connectivity.activeSwitch?.generation = $0.settings.connectivity.lastGeneration
            $0.settings.connectivity.activeSwitch?.target = tailscale
        }
        #expect(world.state.serverSwitchState.fromServerId == "pn51")
        #expect(world.state.serverSwitchState.toServerId == "mac-mini-tailscale")
        let now = world.now
        world.send(.switchCancelled(at: now), ReducerWorld.switchCancelled(to: tailscale, back: pn51, at: now))
        world.settle()
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.fileResolution.configuredServer.id == "pn51", "the first selection before the switches is back")
    }

    @Test func choosingTheCurrentServerAbandonsASwitchInProgress() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let pn51 = world.server("pn51")
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: world.server("mac-mini"), previousSelection: SettingsSelection(address: nil),
                                                at: world.now))
        world.send(.settingsChangeRequested(.select(address: "https://verbumcare-lab.local/api"))) {
            // The switch is dropped where it stands: pn51, still in use, is now named in
            // settings.json, connected as before, its probe loop started again.
            $0.settings.connectionStatus = .connected
            $0.settings.serverSource = .nativeSettings
            $0.settings.serverSwitchState = ServerSwitchState()
            $0.settings.configuredServer = pn51
            $0.settings.connectivity.activeSwitch = nil
            ReducerWorld.loopStarts(connectedTo: pn51.id)(&$0)
        }
        #expect(world.state.connectivity.activeSwitch == nil)
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.serverSource == .nativeSettings)
        world.settle()
        #expect(world.state.currentServer.id == "pn51")
    }

    @Test func aConfiguredServerDownAtStartFallsBackWithOneNotice() throws {
        var world = try ReducerWorld(settingsJSON: Self.macMini, active: false, claimsState: true)
        world.health["mac-mini"] = .down
        world.send(.connectivityStarted(at: world.now), ReducerWorld.startsTesting(at: world.now))
        world.settle(ReducerWorld.fellBackAtStart(from: world.server("mac-mini"), failing: .down, to: world.server("pn51"), at: world.now))
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.serverSource == .fallback)
        #expect(world.state.configuredServer.id == "mac-mini", "settings.json still names Mac Mini")
        #expect(world.fileResolution.configuredServer.id == "mac-mini")
        #expect(world.state.fallback?.fromServerId == "mac-mini")
        #expect(world.state.notices.count == 1, "one event, one notice")
        let notice = try #require(world.state.notices.first)
        #expect(notice.message.key == "notice.fallback" && notice.kind == .warning)
        #expect(notice.subject == .server("mac-mini"))
        #expect(world.state.connectivity.recovery?.serverId == "mac-mini", "Mac Mini is watched in the background")
    }

    @Test func recoveryIsGoodNewsAndTheSwitchBackIsOfferedNotForced() throws {
        var world = try ReducerWorld(settingsJSON: Self.macMini, active: false, claimsState: true)
        world.health["mac-mini"] = .down
        let (macMini, pn51, start) = (world.server("mac-mini"), world.server("pn51"), world.now)
        world.send(.connectivityStarted(at: start), ReducerWorld.startsTesting(at: start))
        world.settle(ReducerWorld.fellBackAtStart(from: macMini, failing: .down, to: pn51, at: start))
        world.health["mac-mini"] = .up
        // Mac Mini's background probe backs off 2 s after its failure.
        let recovered = start + ProbeSchedule.backoffDelay(errorStreak: 1)
        world.fireTimers(until: { $0.settings.fallback?.configuredRecovered == true },
                         ReducerWorld.configuredRecovered(macMini, since: start, at: recovered))
        #expect(world.state.fallback?.configuredRecovered == true)
        #expect(world.state.currentServer.id == "pn51", "offered, not forced")
        #expect(world.state.notices.count == 1)
        let notice = try #require(world.state.notices.first)
        #expect(notice.message.key == "notice.switch_back_offer" && notice.kind == .goodNews)
        #expect(FallbackPolicy.offersSwitchBack(world.state))

        world.send(.switchBackRequested(at: recovered),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: nil, origin: .switchBack, at: recovered))
        world.settle(ReducerWorld.switchedBack(to: macMini, statusSince: start, at: recovered))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.serverSource == .nativeSettings)
        #expect(world.state.fallback == nil)
        #expect(world.state.notices.isEmpty, "nothing left to say")
        #expect(world.state.connectivity.recovery == nil)
    }

    @Test func whenTheFallbackServerFailsTooTheNoticeSaysSoAndGoesWhenItReturns() throws {
        var world = try ReducerWorld(settingsJSON: Self.macMini, active: false, claimsState: true)
        world.health["mac-mini"] = .hanging
        let (macMini, pn51) = (world.server("mac-mini"), world.server("pn51"))
        // Mac Mini's test hangs for its whole timeout: the fallback comes that much later.
        let start = world.now + Double(macMini.connectionTimeout) / 1000
        world.send(.connectivityStarted(at: world.now), ReducerWorld.startsTesting(at: world.now))
        world.settle(ReducerWorld.fellBackAtStart(from: macMini, failing: .hanging, to: pn51, at: start))
        #expect(world.state.serverSource == .fallback)
        world.health["pn51"] = .down
        // pn51's probe, an interval on, fails and so does its re-test; Mac Mini's background
        // probe (2 s after the fallback) hangs until just after.
        let failed = start + Double(world.state.probeInterval)
        world.fireTimers(until: { $0.settings.connectionStatus == .error }) {
            ReducerWorld.fallbackFailedToo(macMini, fallback: pn51, since: start, at: failed)(&$0)
            ReducerWorld.backgroundProbeFailed(macMini, health: .hanging, at: start + 2 + Double(macMini.connectionTimeout) / 1000)(&$0)
        }
        #expect(world.state.connectionStatus == .error)
        #expect(world.state.notices.map(\.message.key) == ["notice.all_unreachable"])
        world.health["pn51"] = .up
        // pn51's probe backs off 2 s after its error: it answers; the fallback's notice is back.
        let back = failed + ProbeSchedule.backoffDelay(errorStreak: 1)
        world.fireTimers(until: { $0.settings.connectionStatus == .connected }) {
            let reason = $0.settings.fallback?.reason ?? ConnectivityError(code: .timeout, message: "")
            ReducerWorld.reconnected(pn51, since: failed, at: back)(&$0)
            $0.settings.notices = [ReducerWorld.fallbackNotice(from: macMini, to: pn51, reason: reason, recovered: false, at: back)]
        }
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.notices.map(\.message.key) == ["notice.fallback"],
                "connected to pn51 again: the fallback notice is back, 'both unreachable' is gone")
    }

    @Test func bothDownAtStartShowsTheConfiguredServerInError() throws {
        var world = try ReducerWorld(settingsJSON: Self.macMini, active: false, claimsState: true)
        world.health["mac-mini"] = .down
        world.health["pn51"] = .down
        let (macMini, pn51, start) = (world.server("mac-mini"), world.server("pn51"), world.now)
        world.send(.connectivityStarted(at: start), ReducerWorld.startsTesting(at: start))
        world.settle(ReducerWorld.bothDownAtStart(macMini, failing: .down, fallback: pn51, at: start))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.connectionStatus == .error)
        #expect(world.state.serverSource == .nativeSettings)
        #expect(world.state.notices.map(\.message.key) == ["notice.all_unreachable"])
        world.health["mac-mini"] = .up
        // The fresh loop probes Mac Mini at once: it answers.
        world.fireTimers(until: { $0.settings.connectionStatus == .connected },
                         ReducerWorld.reconnected(macMini, since: start, at: start))
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.notices.isEmpty, "the notice goes in the step its condition turns false")
    }

    @Test func withAutoSwitchOffTheConfiguredServerStaysInErrorAndPn51IsNotTried() throws {
        var world = try ReducerWorld(settingsJSON: #"{"backend_server_address": "https://verbumcaremac-mini/api", "auto_switch_on_failure": false}"#,
                                     active: false, claimsState: true)
        world.health["mac-mini"] = .down
        world.send(.connectivityStarted(at: world.now), ReducerWorld.startsTesting(at: world.now))
        world.settle(ReducerWorld.startFailed(world.server("mac-mini"), health: .down, at: world.now))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.connectionStatus == .error)
        #expect(world.state.fallback == nil)
        #expect(world.state.notices.map(\.message.key) == ["error.connect.message"])
        #expect(!world.log.contains("switchTestCompleted") || world.state.serverHistory.allSatisfy { $0.serverId == "mac-mini" })
    }

    @Test func aRunningServerThatFailsIsRetestedOnceThenFallsBack() throws {
        var world = try ReducerWorld(settingsJSON: Self.macMini, claimsState: true)
        let (macMini, pn51, start) = (world.server("mac-mini"), world.server("pn51"), world.now)
        world.settle(ReducerWorld.startAnswered(macMini, at: start))
        #expect(world.state.currentServer.id == "mac-mini")
        world.health["mac-mini"] = .down
        let failed = start + Double(world.state.probeInterval)
        world.fireNextTimer(ReducerWorld.probeFailedOnce(macMini, health: .down, at: failed))
        #expect(world.state.connectivity.monitor == nil || world.state.connectionStatus != .error,
                "one failed probe is re-tested before the status turns to error")
        world.fireTimers(until: { $0.settings.serverSource == .fallback },
                         ReducerWorld.fellBackAtStart(from: macMini, failing: .down, to: pn51, since: start, at: failed))
        #expect(world.state.serverSource == .fallback)
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.notices.map(\.message.key) == ["notice.fallback"])
    }

    @Test func pn51GoingDownAndComingBackLeavesNoNoticeBehind() throws {
        var world = try ReducerWorld(claimsState: true)
        let (pn51, start) = (world.server("pn51"), world.now)
        world.settleStart()
        world.health["pn51"] = .down
        // The probe an interval on fails, and so does its re-test at once.
        let failed = start + Double(world.state.probeInterval)
        world.fireTimers(until: { $0.settings.connectionStatus == .error }) {
            ReducerWorld.probeFailedOnce(pn51, health: .down, at: failed)(&$0)
            ReducerWorld.inError(pn51, health: .down, since: start, at: failed)(&$0)
        }
        #expect(world.state.connectionStatus == .error)
        #expect(world.state.notices.map(\.message.key) == ["error.connect.message"],
                "pn51 is the fallback itself: it is unreachable, nowhere to go")
        world.health["pn51"] = .up
        let back = failed + ProbeSchedule.backoffDelay(errorStreak: 1)
        world.fireTimers(until: { $0.settings.connectionStatus == .connected },
                         ReducerWorld.reconnected(pn51, since: failed, at: back))
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.notices.isEmpty)
        #expect(world.state.timeline.prefix(2).map(\.status) == [.connected, .error])
    }

    @Test func aHangingServerIsAnErrorAfterOneTimeoutNotTwo() throws {
        var world = try ReducerWorld(settingsJSON: #"{"backend_server_address": "https://verbumcaremac-mini/api", "auto_switch_on_failure": false}"#, claimsState: true)
        let macMini = world.server("mac-mini")
        world.settle(ReducerWorld.startAnswered(macMini, at: world.now))
        world.health["mac-mini"] = .hanging
        let before = world.now
        // The probe an interval on runs into its timeout: an error at once, no re-test.
        let timedOut = before + Double(world.state.probeInterval) + Double(macMini.connectionTimeout) / 1000
        world.fireNextTimer(ReducerWorld.inError(macMini, health: .hanging, since: before, at: timedOut))
        #expect(world.state.connectionStatus == .error)
        #expect(world.now - before <= 10 + 10, "within the interval plus the timeout")
    }

    /// `r` supersedes the probe in flight; if its result still comes (it raced its
    /// cancellation), the screen drops it and keeps its word, and the watch counts it: it was a
    /// real check of the server, and every probe result goes into history (SPEC §15), so the
    /// uptime and the failure streaks count every check that was made.
    @Test func aLateResultOfAnEarlierProbeIsDroppedByTheScreenAndCountedByTheWatch() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let pn51 = world.server("pn51")
        world.fireNextTimer(ReducerWorld.probeAnswered(pn51, at: world.now + 10))
        let generation = try #require(world.state.connectivity.monitor?.generation)
        world.send(.testRequested(at: world.now), ReducerWorld.probeRestarts(at: world.now))
        let stale = ReducerWorld.status(pn51, health: .down, at: world.now)
        let now = world.now
        world.send(.probeCompleted(generation: generation, result: stale, hadToken: false, at: now)) {
            ReducerWorld.countsFailure(stale, reason: ReducerWorld.reason(pn51, health: .down, at: now), at: now)(
                &$0.watch.servers[pn51.id, default: ServerWatch()])
        }
        #expect(world.state.connectionStatus != .error)
        #expect(world.state.detailedStatus?.isHealthy == true)
        #expect(world.app.watch.servers[pn51.id]?.failures == 1)
    }

    @Test func aProbeWithoutAnswerIsShownAsWaitingWhileTheStatusKeepsItsWord() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let index = try #require(world.pending.firstIndex { $0.isTimer })
        let due = world.now + 10
        world.complete(at: index, ReducerWorld.probeStarts(at: due))
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.secondsWithoutAnswer(now: world.now + 3) == 3)
        world.settle(ReducerWorld.probeAnswered(world.server("pn51"), at: due))
        #expect(world.state.secondsWithoutAnswer(now: world.now + 3) == nil)
    }
}
