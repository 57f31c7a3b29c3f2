import Foundation

/// Three facilities' boxes behind one Prometheus (SPEC §15.4, the `fleet` tests): the real
/// `monitor --once` against the demo backend writes each box's textfile, and
/// `PrometheusChain` scrapes the three folders with their `facility` and `box` labels.
/// - kobe: every server up, pn51 in use — `ok`;
/// - osaka: configured on Mac Mini, which is down (one round: no fallback yet) — `down`;
/// - nara: a textfile the monitor wrote, whose last-round line is then set 10 minutes back
///   (the box stopped reporting) — `silent`.
public final class ThreeFacilities: Sendable {
    public let chain: PrometheusChain
    public let work: TemporaryHome
    /// Worst first, as `fleet` must list them.
    public static let expectedOrder = ["nara", "osaka", "kobe"]

    public init() async throws {
        work = try TemporaryHome(prefix: "three-facilities")
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }
        var boxes: [PrometheusChain.Box] = []
        for (facility, configured) in [("kobe", "https://verbumcare-lab.local/api"), ("nara", "https://verbumcare-lab.local/api"),
                                       ("osaka", "https://verbumcaremac-mini/api")] {
            let home = work.path + "/" + facility
            let folder = home + "/textfile"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: home + "/config/verbumcare", withIntermediateDirectories: true)
            // Osaka's configured server is down and stays the one in use: without the switch, one
            // round's outcome does not depend on how fast the re-test ran (a loaded full run fell
            // back to pn51 within the round).
            let settings = #"{"backend_server_address": "\#(configured)", "connection_timeout": 5, "probe_interval": 10, "auto_switch_on_failure": \#(facility != "osaka")}"#
            try TestFile.write(Data((settings + "\n").utf8), to: home + "/config/verbumcare/settings.json")
            if facility == "osaka" { try demo.setMode("mac-mini", "down") }
            let runner = try BinaryRunner(home: home)
            let result = try await runner.run(network + ["monitor", "--once", "--textfile", folder + "/verbumcare.prom"])
            guard FileManager.default.fileExists(atPath: folder + "/verbumcare.prom") else {
                throw TestSupportError.setupFailed("monitor --once for \(facility): \(result) \(result.standardError) \((try? String(contentsOfFile: folder + "/verbumcare.prom", encoding: .utf8)) ?? "")")
            }
            if facility == "nara" {
                try Self.age(folder + "/verbumcare.prom", by: 600)
            } else {
                // A box is silent after 3 of its probe intervals without a round. The monitors
                // probe every 10 s (so one round has its figures), but starting the engines on a
                // loaded machine took longer than 30 s in a full run and every box read silent:
                // Kobe and Osaka say they round every 10 minutes; Nara, 10 minutes late at
                // 10 s, is silent either way.
                try Self.rewrite(folder + "/verbumcare.prom", series: "verbumcare_monitor_probe_interval_seconds") { _ in 600 }
            }
            boxes.append(.init(facility: facility, box: facility + "-1", textfileDirectory: folder))
        }
        chain = try PrometheusChain(boxes: boxes, in: work.path)
        guard await chain.waitUntilReady() else { throw TestSupportError.setupFailed("Prometheus not ready:\n\(chain.logs)") }
        let chain = chain
        let scraped = await LoopbackHTTP.eventually(seconds: 30) {
            await chain.query("count(verbumcare_monitor_last_round_timestamp_seconds)")?.first
                .flatMap { ($0["value"] as? [Any])?.last as? String } == "3"
        }
        guard scraped else { throw TestSupportError.setupFailed("the three boxes were never scraped:\n\(chain.logs)") }
    }

    public func stop() { chain.stop() }

    /// Sets the textfile's last-round timestamp `seconds` back (written atomically, as the monitor does).
    static func age(_ path: String, by seconds: Double) throws {
        try rewrite(path, series: "verbumcare_monitor_last_round_timestamp_seconds") { $0 - seconds }
    }

    /// Gives the unlabelled `series` of the textfile a new value (written atomically, as the monitor does).
    static func rewrite(_ path: String, series: String, _ value: (Double) -> Double) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let name = series + " "
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix(name), let old = Double(line.dropFirst(name.count)) else { return String(line) }
            return name + String(Int(value(old)))
        }
        try lines.joined(separator: "\n").write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        guard rename(path + ".tmp", path) == 0 else { throw TestSupportError.setupFailed("rename \(path)") }
    }
}
