import Localization
import PropertyBased
import TestSupport
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

/// The pane list's columns (issue 27, SPEC §10.2, §10.4) over widths 60–300, the three
/// languages, both ways of drawing East Asian Ambiguous characters, and random server sets,
/// words and reasons: every row is exactly as wide as the list, and no reason, age or uptime is
/// cut while the row has room for it (the address gives its room first).
@Suite("Pane layout properties")
struct PaneLayoutPropertyTests {
    static let now = 1_760_000_000.0

    struct Example: CustomStringConvertible, Sendable {
        var width: Int
        var language: AppLanguage
        var ambiguousWide: Bool
        var customHosts: [String]
        /// Per server, in list order: what its row says (nil: never tested).
        var rows: [Row?]

        struct Row: Sendable {
            var summary: ServerProbeSummary
            var uptime: Double?
        }

        var description: String {
            let said = rows.enumerated().map { index, row in
                guard let row else { return "\(index): -" }
                return "\(index): \(row.summary.status) \(row.summary.error?.code.rawValue ?? "") "
                    + "\(row.summary.lastChecked.map { "\(Int(now - $0)) s" } ?? "") \(row.uptime.map { "up \($0)" } ?? "")"
            }
            return "width \(width) \(language) wide \(ambiguousWide) custom \(customHosts)\n" + said.joined(separator: "\n")
        }
    }

    enum Gen: RandomChoices {
        static let hosts = ["ward3.example.org", "病棟.example.jp", "x.example", "verbumcare-ward-12-nursing-station.hospital.example.org",
                            "192.168.10.20", "ward4.local"]
        static let reasons: [ConnectivityError] = [
            ConnectivityError(code: .connect, message: "refused"),
            ConnectivityError(code: .timeout, message: "timed out", parameters: ["seconds": "10"]),
            ConnectivityError(code: .dns, message: "not found"),
            ConnectivityError(code: .tlsHostname, message: "name mismatch"),
            ConnectivityError(code: .tlsUntrusted, message: "untrusted"),
            ConnectivityError(code: .tlsNotYetValid, message: "not yet valid"),
            ConnectivityError(code: .httpStatus, message: "HTTP 502", parameters: ["status": "502"]),
            ConnectivityError(code: .badResponse, message: "html"),
            ConnectivityError(code: .tooLarge, message: "8 MiB"),
        ]

        static func row(_ rng: inout RNG) -> Example.Row? {
            guard !chance(0.15, &rng) else { return nil }
            let checked = now - Double(int(0...400, &rng))
            let summary: ServerProbeSummary
            switch int(0...4, &rng) {
            case 0:
                summary = ServerProbeSummary(status: .connected, responseTime: Double(int(0...9_999, &rng)), httpStatus: 200,
                                             lastChecked: checked)
            case 1:
                summary = ServerProbeSummary(status: .testing)
            case 2:
                summary = ServerProbeSummary(status: .connected, responseTime: 12, httpStatus: 200,
                                             warning: ConnectivityError(code: .certExpiring, message: "ends",
                                                                        parameters: ["days": String(int(1...30, &rng))]),
                                             lastChecked: checked)
            default:
                let reason = pick(reasons, &rng)
                summary = ServerProbeSummary(status: chance(0.5, &rng) ? .error : .disconnected,
                                             httpStatus: reason.parameters["status"].flatMap(Int.init), error: reason,
                                             lastChecked: checked)
            }
            let uptime: Double? = chance(0.5, &rng) ? pick([1, 0.9993, 0.5, 0], &rng) : nil
            return Example.Row(summary: summary, uptime: uptime)
        }

        static let example = shrinking { rng -> Example in
            let width = int(60...300, &rng)
            let language = pick(AppLanguage.allCases, &rng)
            let wide = chance(0.3, &rng)
            var custom: [String] = []
            for _ in 0..<int(0...4, &rng) {
                let host = pick(hosts, &rng)
                if !custom.contains(host) { custom.append(host) }
            }
            let rows = (0..<(3 + custom.count)).map { _ in row(&rng) }
            return Example(width: width, language: language, ambiguousWide: wide, customHosts: custom, rows: rows)
        }
    }

    static func canvas(_ example: Example) -> Canvas {
        let servers = ServerCatalog.availableServers(customAddresses: example.customHosts.map { "https://\($0)/api" },
                                                     connectionTimeoutSeconds: 10)
        var settings = SettingsState(currentServer: servers[0], availableServers: servers, connectionStatus: .connected,
                                     serverSource: .default, currentLanguage: example.language)
        var figures: [String: [HistoryWindow: WindowFigures]] = [:]
        for (server, row) in zip(servers, example.rows) {
            // The current server without a row of its own shows the main status (never tested here).
            settings.serverStatuses[server.id] = row?.summary ?? ServerProbeSummary(status: .testing)
            if let uptime = row?.uptime {
                figures[server.id] = [.day: WindowFigures(uptimeRatio: uptime, coverage: 1, probes: 100, p50Ms: nil,
                                                          p95Ms: nil, p99Ms: nil)]
            }
        }
        var state = AppState(settings: settings)
        state.screen.isSettingsPaneOpen = true
        state.watch.history = HistorySummary(figures: figures, incidents: [], at: now)
        let metrics = DisplayWidth(options: WidthOptions(ambiguousIsWide: example.ambiguousWide))
        let model = ScreenModel(state: state, now: now, options: RenderOptions(metrics: metrics))
        return Canvas(model: model, width: example.width, height: 40, memo: FrameMemo(keeps: false))
    }

    /// The plain text of a line.
    static func text(_ line: Line) -> String {
        line.spans.map(\.text).joined()
    }

    @Test("every row fits the list exactly; no reason, age or uptime is cut while the address could give room")
    func rowsFitAndWordsComeFirst() async {
        await propertyCheck(count: 150, input: Gen.example) { example in
            let canvas = Self.canvas(example)
            let metrics = canvas.metrics
            let servers = canvas.settings.availableServers
            // The list's width in the pane (the frame's border and padding), as the pane gives it.
            let width = example.width - 2 * canvas.width("│") - 2
            let rowCount = ScreenState.paneRowCount(canvas.settings)
            let columns = PaneListView.columns(canvas, width: width, shown: 0..<rowCount)
            let rows = servers.map { PaneListView.texts(canvas, server: $0) }

            // What the row needs without its address, the title at its shortest (12 cells, or
            // all of it when shorter), two blanks between columns.
            let widest = { (text: (PaneListView.RowTexts) -> String) in rows.map { metrics.width(of: text($0)) }.max() ?? 0 }
            let title = widest(\.title)
            var age = widest(\.age)
            if age > 0 { age = max(age, metrics.width(of: canvas.text.checkedAgo(.seconds(10)))) }
            let words = [widest(\.detail), age, widest(\.extras)].filter { $0 > 0 }
            let marker = metrics.width(of: "●") + 2
            let withoutAddress = marker + min(title, 12) + 2 + widest(\.statusWord) + words.reduce(0) { $0 + $1 + 2 }
            let whole = withoutAddress - min(title, 12) + title + widest(\.address) + 2

            for index in 0..<rowCount {
                let line = PaneListView.line(canvas, row: index, columns: columns, width: width)
                #expect(line.width(metrics) == width, "row \(index) is \(line.width(metrics)) cells, not \(width)")
                guard servers.indices.contains(index) else { continue }
                let row = rows[index]
                let shown = Self.text(line)
                if withoutAddress <= width {
                    for word in [row.detail, row.age, row.extras] where !word.isEmpty {
                        #expect(shown.contains(word), "'\(word)' is cut in row \(index) at \(width) cells: '\(shown)'")
                    }
                    // Independently of the view's own words: the catalog's reason is there whole.
                    if let error = example.rows[index]?.summary.error, error.parameters.isEmpty {
                        let reason = Localizer(language: example.language).text("error.\(error.code.rawValue).short")
                        #expect(shown.contains(reason), "'\(reason)' is cut in row \(index): '\(shown)'")
                    }
                }
                if whole <= width {
                    #expect(shown.contains(row.title) && shown.contains(row.address), "row \(index) has room for all: '\(shown)'")
                }
                if let host = URLHost.of(row.address), columns.address >= metrics.width(of: host) {
                    #expect(shown.contains(host), "row \(index) shows its address without its host: '\(shown)'")
                }
            }
            // Blanks never pad an address while a word is cut.
            #expect(columns.address <= widest(\.address), "address column \(columns.address) for addresses of \(widest(\.address))")
            if withoutAddress > width {
                #expect(columns.address == 0, "an address is shown while the words have no room")
            }
        }
    }
}
