import BackendClient
import Connectivity
import Foundation
import Localization
import PropertyBased
import SettingsStore
import TerminalRendering
import TestSupport
import Testing

/// The model-based test of "one story": random stories of servers that go up, down, answer 502,
/// hang, hang only for new connections or hand new connections a wrong certificate; people
/// choosing servers in the pane, pressing r, s, o and Esc, editing settings.json by hand (valid
/// and broken) and writing it from the command line. After every settled step, the frame's
/// header, every notice, settings.json, app-state.json (what `servers` reads) and the state tell
/// one story; at the end of each story, once the app has tested again, `status` agrees too.
///
/// The real loop, store, files, runtime, checker and renderer run; only sockets are the model's
/// (`ModelNetwork`), so hundreds of stories fit in a test run. Time is virtual (one
/// `VirtualClock` for the store, the loop and the runtime): after each step the story lets
/// `pause` seconds pass, timer by timer, each once the loop is quiet, so what the probes see
/// is the same in every run. The demo-backend stories (`LoopStoryTests`) cover the same
/// failures over real TLS and real time.
@Suite("One story (model-based)")
@MainActor
struct OneStoryPropertyTests {
    nonisolated static let ids = ["pn51", "mac-mini", "mac-mini-tailscale"]
    static let hosts = ["pn51": "verbumcare-lab.local", "mac-mini": "verbumcaremac-mini",
                        "mac-mini-tailscale": "verbumcarenomac-mini.local"]
    static let addresses = ["pn51": "https://verbumcare-lab.local/api", "mac-mini": "https://verbumcaremac-mini/api",
                            "mac-mini-tailscale": "https://verbumcarenomac-mini.local/api"]

    enum Step: Equatable, CustomStringConvertible {
        case behave(String, ModelNetwork.Behaviour)
        case choose(String)
        case key(Key)
        case handEdit(String)
        case brokenEdit
        case commandLine(String)

        /// Every step from one number, so a story shrinks toward `r` (code 0) and shorter stories.
        init(code: Int) {
            let behaviours = ModelNetwork.Behaviour.allCases
            switch code {
            case 0: self = .key(.character("r"))
            case 1: self = .key(.escape)
            case 2: self = .key(.character("s"))
            case 3: self = .key(.character("o"))
            case 4: self = .brokenEdit
            case 5..<8: self = .choose(OneStoryPropertyTests.ids[code - 5])
            case 8..<11: self = .handEdit(OneStoryPropertyTests.ids[code - 8])
            case 11..<14: self = .commandLine(OneStoryPropertyTests.ids[code - 11])
            default:
                let index = code - 14
                self = .behave(OneStoryPropertyTests.ids[index % 3], behaviours[(index / 3) % behaviours.count])
            }
        }

        static let codes = 0...(14 + 3 * ModelNetwork.Behaviour.allCases.count - 1)

        var description: String {
            switch self {
            case let .behave(id, behaviour): "\(id) \(behaviour)"
            case let .choose(id): "choose \(id) in the pane"
            case let .key(key): "key \(key)"
            case let .handEdit(id): "hand edit → \(id)"
            case .brokenEdit: "broken hand edit"
            case let .commandLine(id): "settings set → \(id)"
            }
        }
    }

    struct Story: CustomStringConvertible {
        var language: AppLanguage
        var steps: [Step]
        var description: String { "\(language.rawValue): " + steps.map(\.description).joined(separator: "; ") }
    }

    nonisolated static let stories = zip(Gen<Int>.int(in: 0...2), Gen<Int>.int(in: Step.codes).array(of: 20...24))
        .map { language, codes in Story(language: AppLanguage.allCases[language], steps: codes.map(Step.init(code:))) }

    @Test("after every settled step of 100 random stories, the screen, the notices, the files, servers and status tell one story")
    func oneStory() async {
        await propertyCheck(count: 100, input: Self.stories) { story in
            await Self.run(story)
        }
    }

    /// The time a story lets pass after each step: a quarter of a probe interval (2 s), so a
    /// probe falls between every fourth pair of steps, about what passed between steps when
    /// the runtime ran on real time sped up 40 times (settling took a few to 20 ms).
    static let pause = 0.5

    static func run(_ story: Story) async {
        let network = ModelNetwork()
        let virtual = VirtualClock()
        guard let rig = try? LoopRig(language: story.language, settings: ["connection_timeout": 5], inMemory: true,
                                     clock: virtual.clock) else {
            Issue.record("no home")
            return
        }
        defer { rig.stop() }
        // The files are followed as the watcher would (`refreshServerConfig` after each write),
        // without its debounce: the watcher itself is tested against real editors elsewhere.
        rig.connect(TransportConfiguration(), network: network, watchFiles: false, clock: virtual.clock)
        await settle(rig)
        check(rig, after: "start", story)
        for (index, step) in story.steps.enumerated() {
            await apply(step, rig: rig, network: network)
            await settle(rig)
            check(rig, after: "step \(index + 1) (\(step))", story)
            await pass(pause, rig, virtual)
        }
        await checkStatus(rig, virtual, network: network, story)
    }

    static func apply(_ step: Step, rig: LoopRig, network: ModelNetwork) async {
        switch step {
        case let .behave(id, behaviour):
            network.set(hosts[id] ?? id, behaviour)
        case let .choose(id):
            if !rig.app.screen.isSettingsPaneOpen { rig.press(.character("o")) }
            if rig.app.screen.activeOverlay(rig.state) != .none { rig.press(.escape) }
            guard let row = rig.state.availableServers.firstIndex(where: { $0.id == id }) else { return }
            rig.app.screen.paneRow(rig.state) > row
                ? (0..<(rig.app.screen.paneRow(rig.state) - row)).forEach { _ in rig.press(.up) }
                : (0..<(row - rig.app.screen.paneRow(rig.state))).forEach { _ in rig.press(.down) }
            rig.press(.enter)
        case let .key(key):
            rig.press(key)
        case let .handEdit(id):
            try? LoopRig.writeJSON(["backend_server_address": addresses[id] ?? "", "probe_interval": 2,
                                    "connection_timeout": 5], to: rig.paths.settingsFile)
            rig.store.refreshServerConfig()
        case .brokenEdit:
            try? TestFile.write(Data("{\"backend_server_address\": ".utf8), to: rig.paths.settingsFile)
            rig.store.refreshServerConfig()
        case let .commandLine(id):
            // What `settings set backend_server_address` does: the same store API on the same files.
            let other = AppSettingsStore(paths: rig.paths, environment: .production, languageOverride: nil,
                                         processEnvironment: ["LANG": "C"])
            other.loadSettings()
            try? other.selectServer(id: id)
            rig.store.refreshServerConfig()
        }
    }

    /// Waits until the step's work is done: no effect in flight (every probe, switch and
    /// check the step started has delivered its event; the timers of later rounds are not
    /// work in flight), no switch runs, and the frame on the screen was drawn from the state
    /// as it is. Conditions, not a quiet period: the step's events are dispatched on the main
    /// actor inside the tracked work, so "idle" (which the runner signals) means they are in
    /// the state; the frame a change asks for is drawn on a turn of the main queue queued
    /// before ours.
    static func settle(_ rig: LoopRig) async {
        while true {
            await rig.loop.waitUntilIdle()
            if !rig.loop.isFramePending { return }
            await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
        }
    }

    /// Lets `seconds` of virtual time pass: each timer due by then fires once the loop is
    /// quiet, and what it started settles before the next.
    static func pass(_ seconds: Double, _ rig: LoopRig, _ virtual: VirtualClock) async {
        let end = virtual.elapsedSeconds + seconds
        await settle(rig)
        while let due = virtual.nextDue, virtual.elapsedSeconds + due <= end {
            await virtual.advance(by: due)
            await settle(rig)
        }
        await virtual.advance(by: max(0, end - virtual.elapsedSeconds))
        await settle(rig)
    }

    /// Where a failing story's broken agreements are written (the property's report names the
    /// story; this says what disagreed).
    static let violationLog = FileManager.default.temporaryDirectory.appendingPathComponent("verbumcare-one-story.log").path

    static func note(_ holds: Bool, _ message: @autoclosure () -> String) {
        guard !holds else { return }
        Issue.record(Comment(rawValue: message()))
        if let handle = FileHandle(forWritingAtPath: violationLog) ?? {
            _ = FileManager.default.createFile(atPath: violationLog, contents: nil)
            return FileHandle(forWritingAtPath: violationLog)
        }() {
            handle.seekToEndOfFile()
            handle.write(Data((message() + "\n").utf8))
            try? handle.close()
        }
    }

    static func check(_ rig: LoopRig, after step: String, _ story: Story) {
        let state = rig.state
        let context = "\(step) of \(story)"
        let localizer = Localizer(language: state.currentLanguage)
        // The header names the server in use and its status in words.
        let header = rig.screen.header
        let name = localizer.text("server.\(state.currentServer.id).name")
        note(header.contains(name), "header \(header) does not name \(name) — \(context)")
        let word = state.isUnchecked ? localizer.text("status.not_checked") : localizer.text("status.\(state.connectionStatus.rawValue)")
        note(header.contains(word), "header \(header) does not say \(word) — \(context)")
        // Never connected without a successful health check of that server.
        if state.connectionStatus == .connected {
            note(state.detailedStatus?.serverId == state.currentServer.id && state.detailedStatus?.isHealthy == true,
                    "connected without proof — \(context)")
        }
        // No notice names another server as in use, none is about a server nobody knows, none
        // outlives its condition.
        for notice in state.notices {
            note(notice.inUse == nil || notice.inUse == state.currentServer.id, "\(notice) — \(context)")
            note(notice.holds(in: state), "\(notice) outlived its condition — \(context)")
            if notice.message.key == "notice.fallback" {
                note(state.serverSource == .fallback && state.currentServer.id == "pn51", "\(notice) — \(context)")
            }
        }
        // settings.json names the configured server (a broken file was moved aside: the default).
        let load = NativeSettingsFile(path: rig.paths.settingsFile, environment: .production).load()
        let resolved = NativeSettingsResolver(environment: .production).resolve(load.settings)
        note(resolved.configuredServer.id == state.configuredServer.id,
                "settings.json names \(resolved.configuredServer.id), the app \(state.configuredServer.id) — \(context)")
        // What `servers` reads: the configured server and the server in use.
        do {
            try rig.store.flushPersistence()
        } catch {
            Issue.record("app-state.json: \(error) — \(context)")
        }
        let saved = AppStateFile(path: rig.paths.appStateFile).load().state
        let inUse = InUsePolicy.inUseId(saved: saved, servers: state.availableServers, configuredId: resolved.configuredServer.id)
        note(inUse == state.currentServer.id, "servers says \(inUse) is in use, the screen \(state.currentServer.id) — \(context)")
        if state.serverSource == .fallback {
            note(state.configuredServer.id != "pn51" && state.currentServer.id == "pn51", "fallback — \(context)")
        } else {
            note(state.currentServer.id == state.configuredServer.id, "in use ≠ configured outside a fallback — \(context)")
        }
    }

    /// Once the app has tested after the last step, a fresh `status` (the same policy, the same
    /// network, the fallback app-state.json records) says the same server and the same connected
    /// or not, also when the configured server answers again during a fallback: the app offers
    /// the switch back (SPEC §6.5) and `status` keeps the fallback as the app does.
    static func checkStatus(_ rig: LoopRig, _ virtual: VirtualClock, network: ModelNetwork, _ story: Story) async {
        let started = rig.store.clock.now()
        let tested = await virtual.advance(until: {
            rig.state.connectivity.activeSwitch == nil && (rig.state.detailedStatus?.lastChecked ?? 0) > started
        }, whenIdle: { await settle(rig) })
        note(tested, "the app did not test again after the last step of \(story)")
        // They agree within the re-test and fallback-retry time (10 s, SPEC §6.4): looked at
        // after each timer for up to four times that, in virtual time.
        let deadline = rig.store.clock.now() + 4 * FallbackPolicy.retryInterval + 2 * Double(rig.state.probeInterval)
        var disagreement: String?
        repeat {
            await settle(rig)
            disagreement = await statusDisagreement(rig, network: network)
            if disagreement == nil { return }
            guard let due = virtual.nextDue else { break }
            await virtual.advance(by: due)
        } while rig.store.clock.now() < deadline
        note(false, "\(disagreement ?? "") — status at the end of \(story)")
    }

    /// How a fresh `status` (the same policy over the same network) disagrees with the screen,
    /// or nil.
    static func statusDisagreement(_ rig: LoopRig, network: ModelNetwork) async -> String? {
        let state = rig.state
        let transport = TransportConfiguration()
        let prober = ServerProber(paths: rig.paths, settings: transport.settings(caBundleSetting: nil), transport: network)
        let outcome = await StatusProbe(prober: prober).status(
            configured: state.configuredServer, source: state.configuredSource,
            fallbackServer: FallbackPolicy.fallbackServer(in: state.availableServers),
            autoSwitchOnFailure: state.autoSwitchOnFailure, inFallback: state.serverSource == .fallback)
        let now = rig.state
        if !outcome.isConnected && now.connectionStatus == .error {
            // No server answers: both say so. The app keeps showing the last known server
            // (SPEC §6.5); `status` names the configured one.
            return nil
        }
        if outcome.server.id != now.currentServer.id {
            return "status uses \(outcome.server.id), the screen \(now.currentServer.id)"
        }
        if outcome.isConnected != (now.connectionStatus == .connected) {
            return "status says connected \(outcome.isConnected), the screen \(now.connectionStatus)"
        }
        return nil
    }
}
