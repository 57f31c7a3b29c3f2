import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// The real monitor against the demo backend writes the staff status page after every round
/// (SPEC §16, `status_page_dir`): the configured server (pn51) taken down turns the page's
/// large word to DOWN and its advice to "use Mac Mini" (which works), in every language's page;
/// brought back, the page says WORKING again and lists the outage among the last 24 h.
@Suite("monitor: the status page follows the servers", .serialized)
struct MonitorStatusPageTests {
    @Test("pn51 down then up: the page changes each round, in English and Japanese")
    func pageFollowsAnOutage() async throws {
        let probe = try TemporaryHome(prefix: "status-page")
        let folder = probe.path + "/page"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let rig = try await MonitorRig(webhook: false, settings: ["status_page_dir": folder, "facility_name": "ケアホーム テスト"])
        try await rig.startMonitor()
        let index = folder + "/index.html", ja = folder + "/ja.html"
        func page(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let en = Localizer(language: .en), jaWords = Localizer(language: .ja)
        let word = { (l: Localizer, key: String) in "<span class=\"w\" id=\"w\">" + l.text(key) + "</span>" }

        #expect(await eventually(seconds: 60) { page(index).contains(word(en, "page.condition.up")) },
                "the first rounds: pn51 works\n\(page(index))\n\(rig.log)")
        #expect(page(index).contains("data-advice=\"usual\"") && page(index).contains("ケアホーム テスト"))

        try rig.demo.setMode("pn51", "down")
        #expect(await eventually(seconds: 60) {
            page(index).contains(word(en, "page.condition.down")) && page(index).contains("data-advice=\"other\"")
        }, "pn51 down: the page says DOWN and names another server\n\(page(index))")
        let useMacMini = en.text("page.advice.use_server", ["configured": "pn51", "server": "Mac Mini"])
        #expect(page(index).contains(useMacMini), "\(page(index))")
        // The pages are renamed into place one after the other (index.html first).
        #expect(await eventually(seconds: 10) {
            page(ja).contains(word(jaWords, "page.condition.down"))
                && page(ja).contains(jaWords.text("page.advice.use_server", ["configured": "pn51", "server": "Mac Mini"]))
        }, "the Japanese page says it too\n\(page(ja))")

        try rig.demo.setMode("pn51", "up")
        #expect(await eventually(seconds: 60) { page(index).contains(word(en, "page.condition.up")) },
                "pn51 back: WORKING again\n\(page(index))")
        #expect(page(index).contains("data-advice=\"usual\""))
        // The outage is among the last 24 h, ended.
        #expect(await eventually(seconds: 30) { page(index).contains("<tr class=\"closed\">") }, "\(page(index))")
    }

    @Test("a drill on pn51: the page marks it DRILL / 訓練中 and does what it would do for real; the mark goes with the drill")
    func pageMarksADrill() async throws {
        let probe = try TemporaryHome(prefix: "status-page")
        let folder = probe.path + "/page"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let rig = try await MonitorRig(webhook: false, settings: ["status_page_dir": folder])
        try await rig.startMonitor()
        let index = folder + "/index.html", ja = folder + "/ja.html"
        func page(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let en = Localizer(language: .en), jaWords = Localizer(language: .ja)
        #expect(await eventually(seconds: 60) { page(index).contains("data-advice=\"usual\"") }, "\(page(index))")
        #expect(!page(index).contains("id=\"drill\""), "no drill mark before the drill")

        let started = try await rig.run(["drill", "start", "--server", "pn51", "--scenario", "down", "--for", "10m"])
        #expect(started.exitCode == 0, "\(started)")
        let mark = { (l: Localizer) in "<p class=\"drillword\">" + l.text("drill.mark") + "</p>" }
        #expect(await eventually(seconds: 60) {
            page(index).contains(mark(en)) && page(index).contains("data-advice=\"other\"")
        }, "the drill is marked, and the page does what it would for real\n\(page(index))")
        #expect(page(index).contains(en.text("page.drill.scenario.down")), "\(page(index))")
        #expect(await eventually(seconds: 10) { page(ja).contains(mark(jaWords)) }, "\(page(ja))")

        let ended = try await rig.run(["drill", "end"])
        #expect(ended.exitCode == 0, "\(ended)")
        #expect(await eventually(seconds: 60) {
            !page(index).contains("id=\"drill\"") && page(index).contains("data-advice=\"usual\"")
        }, "the mark goes with the drill\n\(page(index))")
    }
}
