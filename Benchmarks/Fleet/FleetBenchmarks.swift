import Localization
import SettingsStore
import SettingsUI
import TerminalRendering

/// `fleet` (SPEC §13: "`fleet` draws 500 boxes in one frame under 2 ms once the query has
/// answered"): the query's answer for 500 boxes of 50 facilities (each with three servers, the
/// series the monitor exports) is turned into rows once; then the frame is drawn the one way
/// every frame is, `ScreenRenderer.render` from the app's state, and diffed against a blank
/// screen (a full repaint). Measured on a 120×40 terminal (a screenful of the 500 rows) and on
/// one 506 rows tall, where every one of the 500 rows is drawn. `FleetRows.build` (reading the
/// answer) is timed on its own.
func runFleetBenchmarks(iterations: Int) -> [RenderBenchmarkResult] {
    let now = 1_800_000_000.0
    let samples = FleetBenchmarkAnswer.samples(boxes: 500, now: now)
    var sink = 0
    var results: [RenderBenchmarkResult] = []
    results.append(measure("fleet.rows-500 (FleetRows.build from the query answers)", iterations: max(1, iterations / 10)) { _ in
        sink &+= FleetRows.build(series: samples.series, p95: samples.p95).count
    })
    let rows = FleetRows.build(series: samples.series, p95: samples.p95)
    for language in [AppLanguage.ja, .en] {
        var state = AppState(settings: UIBenchmarkStates.connected(language: language, customServers: 0))
        var fleet = FleetState(source: "https://prometheus.example.org")
        fleet.rows = rows
        fleet.answeredAt = now
        fleet.cursor = 17
        state.screen.fleet = fleet
        let model = ScreenModel(state: state, now: now)
        for (width, height) in [(120, 40), (120, 506)] {
            let blank = CellBuffer(width: width, height: height, metrics: model.options.metrics)
            let name = "fleet.frame-500-boxes.\(language.rawValue).\(width)x\(height) (render + diff-full)"
            results.append(measure(name, iterations: height > 100 ? max(1, iterations / 10) : iterations) { _ in
                sink &+= ScreenRenderer.render(model, width: width, height: height).buffer.diff(from: blank).count
            })
        }
    }
    if sink == 42 { print("") }
    return results
}

/// What Prometheus answers for `boxes` boxes: the monitor's exported series per box, labelled
/// with facility and box as docs/FLEET.md's scrape config does; a few boxes down, silent or in
/// fallback so the sort has work to do.
enum FleetBenchmarkAnswer {
    static func samples(boxes: Int, now: Double) -> (series: [FleetSample], p95: [FleetSample]) {
        var series: [FleetSample] = []
        var p95: [FleetSample] = []
        for index in 0..<boxes {
            let labels = ["facility": "施設\(index / 10)", "box": "box-\(index)", "instance": "10.1.\(index / 250).\(index % 250):9100",
                          "job": "verbumcare-boxes"]
            func add(_ name: String, _ value: Double, _ extra: [String: String] = [:], into list: inout [FleetSample]) {
                list.append(FleetSample(name: name, labels: labels.merging(extra) { _, new in new }, value: value, at: now))
            }
            add("verbumcare_monitor_last_round_timestamp_seconds", now - Double(index % 97 == 0 ? 900 : index % 10), into: &series)
            add("verbumcare_monitor_probe_interval_seconds", 10, into: &series)
            add("verbumcare_fallback_active", index % 31 == 0 ? 1 : 0, into: &series)
            for (position, server) in ["pn51", "mac-mini", "mac-mini-tailscale"].enumerated() {
                let extra = ["server": server]
                add("verbumcare_server_in_use", position == 0 ? 1 : 0, extra, into: &series)
                add("probe_success", index % 23 == 0 && position == 0 ? 0 : 1, extra, into: &series)
                add("probe_ssl_earliest_cert_expiry", now + Double(86_400 * (10 + index % 300)), extra, into: &series)
                for window in ["24h", "7d", "30d", "400d"] {
                    add("verbumcare_uptime_ratio", 1 - Double(index % 7) / 1000, ["server": server, "window": window], into: &series)
                }
                add("", 0.012 + Double(index % 50) / 1000, extra, into: &p95)
            }
        }
        return (series, p95)
    }
}
