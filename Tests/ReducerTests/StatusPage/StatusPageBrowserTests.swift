import Foundation
import Localization
import TestSupport
import Testing
@testable import SettingsStore

/// The status page in a real browser (SPEC §16): Debian's headless Chromium, one browser for
/// the whole suite (scripts/status_page_browser.py drives it over DevTools), every state (up,
/// slow, down past the trigger with another server, down past the trigger with none, drill,
/// stale) in the three languages at an iPad held upright (810×1080) and a phone (390×844).
/// It checks the words a person sees, that nothing reaches past the window's right edge, that
/// the large word stays on one line and large, that the screenshot is not blank, and that the
/// page runs no script and loads nothing from outside.
@Suite("Status page in Chromium", .serialized)
struct StatusPageBrowserTests {
    static let sizes = [(810, 1080), (390, 844)]
    static let clock = StatusPageClock(utcOffsetSeconds: 9 * 3600)
    /// A facility name with markup and a terminal escape: shown as text, never as markup.
    static let facility = "Ward 3 <script>alert(1)</script> & \u{1B}[2J"

    struct Page {
        var name: String
        var model: StatusPageModel
        /// The advice's words as the catalog gives them.
        var advice: (Localizer) -> String
    }

    static func pages(now: Double) throws -> [Page] {
        let world = try ReducerWorld(active: false)
        let servers = Array(world.state.availableServers.prefix(3))
        let pn51 = servers[0], macMini = servers[1]
        func line(_ server: ServerConfig, _ condition: StatusPageModel.Condition, _ since: Double) -> StatusPageModel.ServerLine {
            .init(server: server, condition: condition, since: since)
        }
        let incident = Incident(id: 1, serverId: pn51.id, start: Int64((now - 3 * 3600) * 1000),
                                end: Int64((now - 3 * 3600 + 420) * 1000),
                                reason: IncidentReason(code: "http_status", params: ["status": "502"]))
        func model(_ lines: [StatusPageModel.ServerLine], _ advice: StatusPageModel.Advice, drill: StatusPageModel.Drill? = nil,
                   interval: Double = 10, open: [Incident] = []) -> StatusPageModel {
            StatusPageModel(facilityName: facility, madeAt: now, staleAfter: now + 3 * interval, configured: lines[0],
                            servers: lines, advice: advice, triggerMinutes: 10, uptimeDay: 0.9875,
                            incidents: open + [incident], drill: drill)
        }
        let downSince = now - 20 * 60
        let open = [Incident(id: 2, serverId: pn51.id, start: Int64(downSince * 1000), end: nil,
                             reason: IncidentReason(code: "timeout", params: ["seconds": "10"]))]
        let name = { (server: ServerConfig, l: Localizer) in ServerNames.name(server, localizer: l) }
        return [
            Page(name: "up", model: model([line(pn51, .up, now - 7200), line(macMini, .up, now - 7200)], .asUsual)) {
                $0.text("page.advice.as_usual")
            },
            Page(name: "slow", model: model([line(pn51, .slow, now - 300), line(macMini, .up, now - 7200)],
                                             .expectSlowness(paperAt: nil))) { $0.text("page.advice.slow") },
            Page(name: "other", model: model([line(pn51, .down, downSince), line(macMini, .up, now - 7200)],
                                             .useServer(id: macMini.id), open: open)) { l in
                l.text("page.advice.use_server", ["configured": name(pn51, l), "server": name(macMini, l)])
            },
            Page(name: "paper", model: model([line(pn51, .down, downSince), line(macMini, .down, downSince)],
                                             .recordOnPaper(since: downSince), open: open)) { l in
                l.text("page.advice.paper", ["minutes": "10", "time": clock.short(downSince)])
            },
            Page(name: "drill", model: model([line(pn51, .down, now - 180), line(macMini, .up, now - 7200)],
                                             .useServer(id: macMini.id),
                                             drill: .init(serverId: pn51.id, scenario: "down", since: now - 180))) { l in
                l.text("page.advice.use_server", ["configured": name(pn51, l), "server": name(macMini, l)])
            },
            // Made now with a 1 s probe interval: stale 3 s after it was opened unreplaced.
            Page(name: "stale", model: model([line(pn51, .up, now - 7200), line(macMini, .up, now - 7200)], .asUsual,
                                             interval: 1)) { $0.text("page.advice.as_usual") },
        ]
    }

    @Test("every state, three languages, iPad and phone: the words, the layout, no script")
    func everyState() async throws {
        let folder = try TemporaryDirectory()
        let shots = ProcessInfo.processInfo.environment["STATUS_PAGE_SHOTS"] ?? folder.path
        let now = Date().timeIntervalSince1970
        let pages = try Self.pages(now: now)
        var jobs: [[String: Any]] = []
        var expected: [String: (page: Page, language: AppLanguage, width: Int)] = [:]
        for page in pages {
            for language in AppLanguage.allCases {
                let html = StatusPageHTML(model: page.model, language: language, clock: Self.clock).document
                #expect(!html.lowercased().contains("<script"), "no script of its own, and none from a name")
                #expect(!html.contains("http://") && !html.contains("https://"), "nothing from outside")
                #expect(html.contains("<meta http-equiv=\"refresh\" content=\"30\">"))
                let file = folder.path + "/\(page.name)-\(language.rawValue).html"
                try html.write(toFile: file, atomically: true, encoding: .utf8)
                for (width, height) in Self.sizes {
                    // The stale state is waited on once (English, phone): CSS reveals its banner.
                    let wait = page.name == "stale" && language == .en && width == 390
                    jobs.append(["file": file, "width": width, "height": height, "waitStale": wait ? 3 : 0,
                                 "screenshot": shots + "/\(page.name)-\(language.rawValue)-\(width).png"])
                    expected[file + "@\(width)"] = (page, language, width)
                }
            }
        }
        let results = try await Self.open(jobs, in: folder.path)
        #expect(results.count == jobs.count, "one result per page and size")
        for result in results {
            let file = result["file"] as? String ?? ""
            let width = result["width"] as? Int ?? 0
            guard let (page, language, _) = expected[file + "@\(width)"] else {
                Issue.record("an unknown result: \(result)")
                continue
            }
            let where_ = "\(page.name) \(language.rawValue) \(width)px"
            let l = Localizer(language: language)
            let text = (result["text"] as? String ?? "").replacingOccurrences(of: "\n", with: " ")
            let condition = l.text("page.condition.\(page.model.configured.condition.rawValue)")
            #expect(text.contains(condition), "\(where_): the large word \(condition): \(text)")
            #expect(text.contains(page.advice(l)), "\(where_): the advice \(page.advice(l)): \(text)")
            #expect(text.contains("Ward 3 <script>alert(1)</script> & ") && !text.contains("[2J"),
                    "\(where_): the name as text, its escape sequence removed: \(text)")
            #expect(text.contains(l.text("page.stale_rule", ["time": Self.clock.dateTime(page.model.staleAfter)])),
                    "\(where_): the page says when it is stale")
            #expect(text.contains(l.text("drill.mark")) == (page.model.drill != nil), "\(where_): the drill mark")
            #expect(text.contains(l.text("page.incidents.heading")) && text.contains(Self.clock.short(Double(page.model.incidents.last?.start ?? 0) / 1000)),
                    "\(where_): the last 24 h of incidents")
            // Layout: nothing past the right edge, the large word on one line, large, inside.
            #expect(result["scrollWidth"] as? Int == width, "\(where_): horizontal overflow \(result["scrollWidth"] ?? "?")")
            #expect((result["overflowing"] as? [String])?.isEmpty == true, "\(where_): \(result["overflowing"] ?? "?")")
            let word = result["word"] as? [String: Any] ?? [:]
            #expect(word["lines"] as? Int == 1, "\(where_): the large word broke over lines: \(word)")
            #expect((word["right"] as? Double ?? .infinity) <= Double(width), "\(where_): \(word)")
            #expect((word["fontSize"] as? Double ?? 0) >= (width < 500 ? 36 : 72), "\(where_): \(word)")
            #expect((result["ink"] as? Double ?? 0) > 0.02, "\(where_): the screenshot is blank")
            #expect(result["scripts"] as? Int == 0 && result["resources"] as? Int == 0, "\(where_): \(result)")
            if page.name == "stale" && language == .en && width == 390 {
                #expect(result["staleVisible"] as? Bool == true, "\(where_): the stale banner did not show: \(result)")
                let after = result["staleAfterSeconds"] as? Double ?? 0
                #expect(after >= 1.5, "\(where_): the banner showed at once (\(after) s): it must wait for 3 intervals")
            } else {
                #expect(result["staleVisible"] as? Bool == false, "\(where_): a fresh page showed the stale banner")
            }
        }
    }

    /// One Chromium for every job; its results, one object per job.
    static func open(_ jobs: [[String: Any]], in folder: String) async throws -> [[String: Any]] {
        let jobsFile = folder + "/jobs.json"
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobsFile))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/status_page_browser.py").path
        let started = Date()
        let status = await ShellCommand.run(detached: "python3 '\(script)' '\(jobsFile)' > '\(folder)/out.jsonl' 2> '\(folder)/err.txt'")
        print("Chromium: \(jobs.count) pages in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        let errors = (try? String(contentsOfFile: folder + "/err.txt", encoding: .utf8)) ?? ""
        try #require(status == 0, "the browser script failed: \(errors)")
        let out = try String(contentsOfFile: folder + "/out.jsonl", encoding: .utf8)
        return out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
