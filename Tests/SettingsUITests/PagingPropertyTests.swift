import Foundation
import Localization
import PropertyBased
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing
import TestSupport

/// Paging in the scrolling views (SPEC §10.3): random key sequences on random screen sizes over
/// content of random length, each key going through the real reducer after the frame the real
/// renderer drew (whose viewport the loop hands over), as the loop does. The offset stays in
/// [0, max], PgDn then PgUp comes back when PgDn was not clamped, End shows the last line and
/// Home the first, read from the drawn frame.
@Suite("Paging in scrolling views", .shrinking)
struct PagingPropertyTests {
    static let keys: [Key] = [.pageDown, .pageUp, .home, .end, .up, .down, .character("j"), .character("k")]

    struct Case: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var language: AppLanguage
        /// The fleet's rows (the help's length comes from the width and the language).
        var rows: Int
        var keys: [Key]
        var description: String { "\(width)×\(height) \(language.rawValue) rows=\(rows) keys=\(keys)" }
    }

    static let cases = shrinking { rng -> Case in
        Case(width: Int.random(in: 60...160, using: &rng), height: Int.random(in: 16...70, using: &rng),
             language: AppLanguage.allCases[Int.random(in: 0..<AppLanguage.allCases.count, using: &rng)],
             rows: Int.random(in: 0...250, using: &rng),
             keys: (0..<Int.random(in: 1...25, using: &rng)).map { _ in keys[Int.random(in: 0..<keys.count, using: &rng)] })
    }

    /// The frame for `state`, and the state after the loop handed it the frame's viewport.
    static func draw(_ state: inout AppState, _ example: Case) -> RenderedFrame {
        let frame = ScreenRenderer.render(ScreenModel(state: state, now: Fixtures.now), width: example.width,
                                          height: example.height)
        _ = AppReducer.reduce(&state, .viewportMeasured(frame.viewport))
        return frame
    }

    /// The position the dialog writes when its lines do not fit: first, last and count.
    static func position(_ frame: RenderedFrame) -> (first: Int, last: Int, count: Int)? {
        let text = frame.buffer.textDump()
        guard let match = text.firstMatch(of: /(\d+)–(\d+)\/(\d+)/),
              let first = Int(match.1), let last = Int(match.2), let count = Int(match.3) else { return nil }
        return (first, last, count)
    }

    @Test("help: the offset stays in range, PgDn then PgUp comes back, End shows the last line, Home the first")
    func helpPaging() async {
        await propertyCheck(count: 100, input: Self.cases) { example in
            var state = AppState(settings: Fixtures.connected(example.language))
            state.screen = ScreenState(settings: state.settings)
            _ = AppReducer.reduce(&state, .key(.character("?"), at: 0))
            #expect(state.screen.overlay == .help)
            let text = UIText(settings: state.settings)
            let lastRow = HelpOverlayView.lines(text, width: 1_000, metrics: .standard).last
            let last = String((lastRow?.spans.map(\.text).joined() ?? "").trimmingCharacters(in: .whitespaces).prefix(6))
            let heading = text(KeyBinding.Section.global.titleKey)
            var frame = Self.draw(&state, example)
            for key in example.keys {
                guard let viewport = frame.viewport else {
                    Issue.record("the help overlay reported no viewport at \(example.width)×\(example.height)")
                    return
                }
                let before = state.screen.helpScroll
                _ = AppReducer.reduce(&state, .key(key, at: 0))
                let after = state.screen.helpScroll
                #expect((0...viewport.maxOffset).contains(after), "\(key): \(after) outside 0…\(viewport.maxOffset)")
                if key == .pageDown && before + viewport.visible <= viewport.maxOffset {
                    #expect(after == before + viewport.visible, "PgDn from \(before) went to \(after)")
                    var back = state
                    _ = AppReducer.reduce(&back, .key(.pageUp, at: 0))
                    #expect(back.screen.helpScroll == before, "PgDn then PgUp: \(before) → \(after) → \(back.screen.helpScroll)")
                }
                // The frame after the key: what the person sees, and the next key's viewport.
                frame = Self.draw(&state, example)
                let shown = frame.buffer.textDump()
                if key == .end {
                    if let position = Self.position(frame) {
                        #expect(position.last == position.count, "End shows \(position) at \(example)")
                    }
                    #expect(shown.contains(last), "End: the last line \(last) not shown")
                }
                if key == .home {
                    #expect(after == 0)
                    if let position = Self.position(frame) { #expect(position.first == 1, "Home shows \(position)") }
                    #expect(shown.contains(heading), "Home: the first heading \(heading) not shown")
                }
            }
        }
    }

    static func fleetRows(_ count: Int) -> [FleetRow] {
        (0..<count).map { index in
            FleetRow(facility: "fac", box: String(format: "box-%04d", index), status: .ok, serverInUse: "pn51",
                     fallback: false, lastRoundAgeSeconds: 5, probeIntervalSeconds: 30,
                     servers: [FleetRow.Server(id: "pn51", inUse: true, up: true)])
        }
    }

    @Test("fleet: the cursor stays on a row, PgDn then PgUp comes back, End shows the last box, Home the first")
    func fleetPaging() async {
        await propertyCheck(count: 100, input: Self.cases) { example in
            var state = AppState(settings: Fixtures.connected(example.language))
            var fleet = FleetState(source: "https://prometheus.example")
            fleet.rows = Self.fleetRows(example.rows)
            fleet.answeredAt = Fixtures.now
            state.screen.fleet = fleet
            var frame = Self.draw(&state, example)
            for key in example.keys {
                let before = state.screen.fleet?.cursor ?? -1
                _ = AppReducer.reduce(&state, .key(key, at: 0))
                let after = state.screen.fleet?.cursor ?? -1
                #expect((0...max(0, example.rows - 1)).contains(after), "\(key): cursor \(after) of \(example.rows)")
                if key == .pageDown, let viewport = frame.viewport, before + viewport.visible <= example.rows - 1 {
                    #expect(after == before + viewport.visible, "PgDn from \(before) went to \(after)")
                    var back = state
                    _ = AppReducer.reduce(&back, .key(.pageUp, at: 0))
                    #expect(back.screen.fleet?.cursor == before, "PgDn then PgUp: \(before) → \(after) → \(String(describing: back.screen.fleet?.cursor))")
                }
                frame = Self.draw(&state, example)
                guard example.rows > 0, key == .end || key == .home else { continue }
                let shown = frame.buffer.textDump()
                let box = String(format: "box-%04d", key == .end ? example.rows - 1 : 0)
                #expect(shown.contains(box), "\(key) does not show \(box) at \(example)")
            }
        }
    }

    @Test("in a text field Home and End move the caret and leave the view where it was")
    func homeAndEndInFields() {
        // The note field over the history view.
        var state = AppState(settings: Fixtures.connected(.en))
        state.screen.overlay = .history
        state.screen.helpScroll = 4
        state.screen.viewport = ScrollViewport(visible: 10, total: 40)
        state.screen.noteField = TextField(text: "restarted the router")
        _ = AppReducer.reduce(&state, .key(.home, at: 0))
        #expect(state.screen.noteField?.cursor == 0 && state.screen.helpScroll == 4)
        _ = AppReducer.reduce(&state, .key(.end, at: 0))
        #expect(state.screen.noteField?.cursor == "restarted the router".count && state.screen.helpScroll == 4)
        // The fleet's filter, typed after `/`.
        var fleetState = AppState(settings: Fixtures.connected(.en))
        var fleet = FleetState(source: "https://prometheus.example")
        fleet.rows = Self.fleetRows(30)
        fleet.mode = .filtering
        fleet.filter = TextField(text: "box")
        fleetState.screen.fleet = fleet
        _ = AppReducer.reduce(&fleetState, .key(.home, at: 0))
        #expect(fleetState.screen.fleet?.filter.cursor == 0 && fleetState.screen.fleet?.mode == .filtering)
        _ = AppReducer.reduce(&fleetState, .key(.end, at: 0))
        #expect(fleetState.screen.fleet?.filter.cursor == 3)
    }
}
