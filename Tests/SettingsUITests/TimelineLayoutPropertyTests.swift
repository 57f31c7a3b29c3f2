import AppCore
import Localization
import PropertyBased
@testable import SettingsUI
import TerminalRendering
import Testing
import TestSupport

/// SPEC §10.4, issue 27 item 5: the timeline and the server history of the main screen, over
/// widths 60–300 and the three languages. An event is never cut while it could wrap (its words
/// are all on the screen), and every row of the history keeps its milliseconds.
@Suite("Timeline and history layout")
struct TimelineLayoutPropertyTests {
    typealias F = Fixtures

    struct Case: CustomStringConvertible {
        var language: AppLanguage
        var width: Int
        var timeline: [TimelineEntry]
        var history: [ServerHistoryEntry]
        var description: String {
            "\(language.rawValue) width \(width): \(timeline.map(\.kind.rawValue)) history \(history.count)"
        }
    }

    enum Gen: RandomChoices {
        /// Ids with names of every kind: catalog names, an ASCII host, an internationalized one.
        static let ids = ["pn51", "mac-mini", "mac-mini-tailscale", "custom-ward3-example-org", idnId]
        static let codes: [ConnectivityErrorCode] = [.timeout, .connect, .dns, .tlsHostname, .httpStatus, .authRequired]

        static let cases: Shrinking<Case> = shrinking { rng in
            let timeline = (0..<int(1...4, &rng)).map { index in
                TimelineEntry(at: F.now - Double(index * 600 + int(0...500, &rng)),
                              kind: pick(TimelineEntry.Kind.allCases, &rng), serverId: pick(ids, &rng),
                              status: pick([ConnectionStatus.connected, .error, .disconnected], &rng),
                              previousDuration: chance(0.7, &rng) ? Double(int(0...400_000, &rng)) : nil,
                              durationMs: Double(int(0...60_000, &rng)), code: pick(codes, &rng))
            }
            let history = (0..<int(1...4, &rng)).map { index in
                ServerHistoryEntry(serverId: ids[index], lastUsed: F.now - Double(int(0...900_000, &rng)),
                                   successful: chance(0.5, &rng), durationMs: Double(int(0...60_000, &rng)))
            }
            return Case(language: pick(AppLanguage.allCases, &rng), width: int(60...300, &rng),
                        timeline: timeline, history: history)
        }
    }

    static let idnId = "custom-xn--0rys90e-example-jp"

    static func settings(_ example: Case) -> SettingsState {
        var settings = F.connected(example.language)
        settings.availableServers = ServerCatalog.availableServers(
            customAddresses: ["https://ward3.example.org/api", "https://病院.example.jp/api"], connectionTimeoutSeconds: 10)
        settings.timeline = example.timeline
        settings.serverHistory = example.history
        return settings
    }

    /// The rows drawn inside a box of `example.width` columns and `height` rows, borders removed.
    static func drawn(_ example: Case, height: Int, render: (inout Canvas, Rect) -> Void) -> [String] {
        let model = ScreenModel(state: AppState(settings: settings(example), screen: ScreenState()), now: F.now)
        var canvas = Canvas(model: model, width: example.width, height: height, memo: FrameMemo())
        render(&canvas, Rect(x: 0, y: 0, width: example.width, height: height))
        return canvas.buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst().prefix(height - 2).map { String($0.dropFirst().dropLast()) }
    }

    static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    @Test("every event of the timeline is on the screen whole, wrapped where it is long")
    func eventsWrapAndAreNeverCut() async {
        await propertyCheck(count: 150, input: Gen.cases) { example in
            // Room for every event on as many rows as it needs (at most three each at 60 columns).
            let rows = Self.drawn(example, height: 2 + 4 * example.timeline.count) { TimelineView.render(&$0, in: $1) }
            let screen = Self.squeezed(rows.joined())
            let model = ScreenModel(state: AppState(settings: Self.settings(example), screen: ScreenState()), now: F.now)
            let canvas = Canvas(model: model, width: example.width, height: 1, memo: FrameMemo())
            for (index, entry) in example.timeline.enumerated() {
                let words = TimelineView.words(canvas, entry, previous: TimelineView.previousStatus(example.timeline, before: index))
                #expect(screen.contains(Self.squeezed(words)), "\(example): \(words) not whole in\n\(rows.joined(separator: "\n"))")
            }
            #expect(!rows.contains { $0.contains("…") }, "\(example): cut\n\(rows.joined(separator: "\n"))")
        }
    }

    @Test("every row of the server history keeps its milliseconds")
    func historyRowsKeepTheirMilliseconds() async {
        await propertyCheck(count: 150, input: Gen.cases) { example in
            let rows = Self.drawn(example, height: 2 + example.history.count) { HistoryView.render(&$0, in: $1) }
            let text = UIText(settings: Self.settings(example))
            for (index, entry) in example.history.enumerated() {
                let ms = text.milliseconds(entry.durationMs)
                #expect(rows[index].contains(ms), "\(example): row \(index) lacks \(ms)\n\(rows.joined(separator: "\n"))")
            }
        }
    }
}
