import AppCore
import Localization
import PropertyBased
import SettingsUI
import TerminalRendering
import TestSupport
import Testing

private typealias F = Fixtures

/// The one way of drawing: a frame is drawn from the screen model with the regions of the last
/// frame whose models did not change reused (`FrameMemo`). The memo must be invisible, and a
/// second on the idle screen must cost the one region that shows it.
@Suite struct FrameMemoTests {
    @Test("any story of keys, seconds, probes, mutes, overlays, states and sizes: the frame drawn with the memo is the frame drawn without")
    func theMemoIsInvisible() async {
        await propertyCheck(count: 100, input: MemoStory.stories) { story in
            var memo = FrameMemo()
            var mismatch: String?
            story.replay { index, step, model, size in
                let drawn = ScreenRenderer.render(model, width: size.columns, height: size.rows, memo: &memo)
                let fresh = ScreenRenderer.render(model, width: size.columns, height: size.rows)
                guard drawn != fresh else { return true }
                mismatch = "after step \(index) (\(step)), regions drawn \(memo.drawnRegions):\n"
                    + "with the memo:\n\(drawn.buffer.textDump())\nwithout:\n\(fresh.buffer.textDump())"
                return false
            }
            #expect(mismatch == nil, "\(story)\n\(mismatch ?? "")")
        }
    }

    @Test("the first frame keeps nothing; then a second that changes \"checked N s ago\" draws that value alone; one that changes no text gives an equal model")
    func aSecondDrawsOneRegion() {
        for language in AppLanguage.allCases {
            let state = AppState(settings: F.connected(language))
            var memo = FrameMemo()
            _ = ScreenRenderer.render(ScreenModel(state: state, now: F.now, clock: F.clock), width: 100, height: 30, memo: &memo)
            let regions = memo.drawnRegions
            #expect(regions.count >= 6, "the first frame draws every region: \(regions)")
            // The first frame has nothing to reuse and keeps nothing (the start pays for the
            // frame alone): the next draws every region again, and keeps them.
            let next = ScreenModel(state: state, now: F.now + 1, clock: F.clock)
            #expect(ScreenRenderer.render(next, width: 100, height: 30, memo: &memo)
                    == ScreenRenderer.render(next, width: 100, height: 30))
            #expect(memo.drawnRegions == regions, "\(language): the frame after the first starts from a blank grid")
            let later = ScreenModel(state: state, now: F.now + 2, clock: F.clock)
            let tick = ScreenRenderer.render(later, width: 100, height: 30, memo: &memo)
            #expect(memo.drawnRegions == ["checked"], "\(language)")
            #expect(tick == ScreenRenderer.render(later, width: 100, height: 30))
            #expect(ScreenModel(state: state, now: F.now + 1.2, clock: F.clock)
                    == ScreenModel(state: state, now: F.now + 1.9, clock: F.clock), "the same texts, the same model")
        }
    }

    @Test("a language switch draws every region straight through and keeps none; the frame after it keeps them again")
    func aLanguageSwitchKeepsNothing() {
        var state = AppState(settings: F.connected(.en))
        var memo = FrameMemo()
        _ = ScreenRenderer.render(ScreenModel(state: state, now: F.now, clock: F.clock), width: 100, height: 30, memo: &memo)
        let regions = memo.drawnRegions
        _ = AppReducer.reduce(&state, .key(.character("l"), at: F.now))
        #expect(state.settings.currentLanguage != .en)
        let switched = ScreenModel(state: state, now: F.now, clock: F.clock)
        #expect(ScreenRenderer.render(switched, width: 100, height: 30, memo: &memo)
                == ScreenRenderer.render(switched, width: 100, height: 30))
        #expect(memo.drawnRegions == regions, "the switch draws every region")
        // Nothing was kept: the next second draws every region again, and keeps them.
        let next = ScreenModel(state: state, now: F.now + 1, clock: F.clock)
        #expect(ScreenRenderer.render(next, width: 100, height: 30, memo: &memo) == ScreenRenderer.render(next, width: 100, height: 30))
        #expect(memo.drawnRegions == regions, "the frame after the switch starts from a blank grid")
        let later = ScreenModel(state: state, now: F.now + 2, clock: F.clock)
        #expect(ScreenRenderer.render(later, width: 100, height: 30, memo: &memo) == ScreenRenderer.render(later, width: 100, height: 30))
        #expect(memo.drawnRegions == ["checked"], "then a second draws its value alone")
    }

    @Test("a probe that started (and has not yet waited long enough to say so) leaves the model as it was")
    func aProbeStartingChangesNoModel() {
        var state = AppState(settings: F.connected(.en))
        let before = ScreenModel(state: state, now: F.now, clock: F.clock)
        var loop = ProbeLoop(serverId: state.settings.currentServer.id, generation: 3, schedule: ProbeSchedule(interval: 60))
        _ = loop.schedule.apply(.probeStarted)
        loop.probeStartedAt = F.now - 0.5
        state.settings.connectivity.monitor = loop
        #expect(ScreenModel(state: state, now: F.now, clock: F.clock) == before)
        #expect(ScreenModel(state: state, now: F.now + 2, clock: F.clock) != before, "\"no answer for 2 s\" is new")
    }
}

/// A story for the memo: a start, then steps that each change what a frame is drawn from.
struct MemoStory: CustomStringConvertible {
    /// Each step's model and screen size, in order, while `body` returns true.
    func replay(_ body: (_ index: Int, _ step: Step, _ model: ScreenModel, _ size: (columns: Int, rows: Int)) -> Bool) {
        var state = start
        var now = Fixtures.now
        var size = self.size
        var options = self.options
        for (index, step) in steps.enumerated() {
            step.apply(to: &state, now: &now, size: &size, options: &options)
            guard body(index, step, ScreenModel(state: state, now: now, options: options, clock: Fixtures.clock), size) else { return }
        }
    }

    enum Step: CustomStringConvertible {
        case key(Key)
        case seconds(Double)
        case settings(SettingsState)
        case probeStarted(ago: Double)
        case probeAnswered(ago: Double)
        case mute(serverId: String?, seconds: Double)
        case overlay(Overlay)
        case resize(columns: Int, rows: Int)
        case options(RenderOptions)

        func apply(to state: inout AppState, now: inout Double, size: inout (columns: Int, rows: Int),
                   options: inout RenderOptions) {
            switch self {
            case .key(let key):
                _ = AppReducer.reduce(&state, .key(key, at: now))
            case .seconds(let seconds):
                now += seconds
            case .settings(let settings):
                state.settings = settings
            case .probeStarted(let ago):
                var loop = ProbeLoop(serverId: state.settings.currentServer.id, generation: 1,
                                     schedule: ProbeSchedule(interval: 60))
                loop.probeStartedAt = now - ago
                state.settings.connectivity.monitor = loop
            case .probeAnswered(let ago):
                state.settings.connectivity.monitor?.probeStartedAt = nil
                if var status = state.settings.detailedStatus {
                    status.lastChecked = now - ago
                    state.settings.detailedStatus = status
                }
            case .mute(let serverId, let seconds):
                state.watch.mutes.entries.append(MuteList.Entry(serverId: serverId, until: now + seconds, reason: nil))
            case .overlay(let overlay):
                state.screen.overlay = overlay
            case .resize(let columns, let rows):
                size = (columns, rows)
            case .options(let new):
                options = new
            }
        }

        var description: String {
            switch self {
            case .key(let key): "key \(key)"
            case .seconds(let seconds): "+\(seconds) s"
            case .settings(let settings): "another state (\(settings.currentLanguage), \(settings.availableServers.count) servers)"
            case .probeStarted(let ago): "probe started \(ago) s ago"
            case .probeAnswered(let ago): "probe answered \(ago) s ago"
            case .mute(let serverId, let seconds): "mute \(serverId ?? "all") for \(seconds) s"
            case .overlay(let overlay): "overlay \(overlay)"
            case .resize(let columns, let rows): "resize \(columns)x\(rows)"
            case .options(let options): "options plain=\(options.plain) wide=\(options.metrics.options.ambiguousIsWide)"
            }
        }
    }

    var start: AppState
    var size: (columns: Int, rows: Int)
    var options: RenderOptions
    var steps: [Step]

    var description: String {
        "\(size.columns)x\(size.rows), \(start.settings.currentLanguage), \(steps.count) steps: "
            + steps.map(\.description).joined(separator: "; ")
    }

    static func options(_ rng: inout UIGen.RNG) -> RenderOptions {
        RenderOptions(plain: UIGen.chance(0.3, &rng),
                      metrics: DisplayWidth(options: WidthOptions(ambiguousIsWide: UIGen.chance(0.3, &rng))))
    }

    static func size(_ rng: inout UIGen.RNG) -> (columns: Int, rows: Int) {
        UIGen.chance(0.15, &rng) ? (UIGen.int(0...70, &rng), UIGen.int(0...20, &rng))
            : (UIGen.int(60...200, &rng), UIGen.int(16...60, &rng))
    }

    static func step(_ state: SettingsState, _ rng: inout UIGen.RNG) -> Step {
        switch UIGen.int(0...11, &rng) {
        case 0...3: .seconds(UIGen.pick([1, 1, 1, 0.4, 2.5, 59, 61, 3_600, 86_400], &rng))
        case 4, 5: .key(UIGen.keys(&rng, count: 1...1).first { !UIGen.isQuit($0) } ?? .tab)
        case 6: .probeStarted(ago: UIGen.pick([0, 0.5, 1.9, 2, 7.5], &rng))
        case 7: .probeAnswered(ago: UIGen.pick([0, 0.5, 119, 120, 3_700], &rng))
        case 8: .mute(serverId: UIGen.chance(0.3, &rng) ? nil : state.currentServer.id,
                      seconds: UIGen.pick([0.5, 1, 60, 3_600], &rng))
        case 9: .overlay(UIGen.pick([.none, .none, .help, .history], &rng))
        case 10: UIGen.chance(0.5, &rng) ? .resize(columns: size(&rng).columns, rows: size(&rng).rows) : .options(options(&rng))
        default: .settings(UIGen.settings(&rng))
        }
    }

    static let stories: Shrinking<MemoStory> = shrinking { rng in
        let settings = UIGen.settings(&rng)
        let count = UIGen.int(1...20, &rng)
        return MemoStory(start: AppState(settings: settings), size: size(&rng), options: options(&rng),
                         steps: (0..<count).map { _ in step(settings, &rng) })
    }
}
