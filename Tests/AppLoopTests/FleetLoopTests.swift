import AppCore
import AppLoop
import BackendClient
import Connectivity
import Fleet
import Foundation
import Localization
import SettingsUI
import Testing
import TestSupport

/// The fleet view (SPEC §15.4) in-process through the app's own loop, drawn on the test screen
/// by the app's renderer: a real Prometheus that scrapes three facilities' boxes
/// (`ThreeFacilities`), in the three languages — the rows worst first with their status words,
/// Enter for one box's servers and Esc back, `/` to filter, `l` to change the language — and a
/// source that cannot be asked, told on the screen in the screen's language.
@Suite("The fleet view through the loop", .serialized)
@MainActor
struct FleetLoopTests {
    /// The loop showing the fleet of `url`, its queries run by the loop's effect runner.
    static func fleetRig(_ language: AppLanguage, url: String) throws -> LoopRig {
        let rig = try LoopRig(language: language, columns: 120, rows: 30)
        let source = try FleetSource(url: url, tokenFile: nil, settings: TransportSettings(connectTimeoutMs: 5000, totalTimeoutMs: 5000))
        let runtime = FleetRuntime(clock: rig.store.clock, source: source)
        try #require(rig.loop.runner).attach(fleet: FleetEngine(clock: runtime.clock, refreshSeconds: runtime.refreshSeconds,
                                                                query: runtime.query))
        rig.loop.send(.fleetOpened(source: source.baseURL, at: rig.store.clock.now()))
        return rig
    }

    /// The screen's lines that name `box`.
    static func rowIndex(_ screen: String, _ box: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(box) }
    }

    @Test("three facilities worst first, Enter, /, Esc and l, in ja, en and zh-Hant")
    func threeFacilities() async throws {
        let facilities = try await ThreeFacilities()
        defer { facilities.stop() }
        for language in AppLanguage.allCases {
            let rig = try Self.fleetRig(language, url: facilities.chain.prometheusURL)
            defer { rig.stop() }
            let text = Localizer(language: language)
            let words = ["silent", "down", "ok"].map { text.text("fleet.status.\($0)") }
            let listed = await rig.frame { screen in
                let rows = ["nara-1", "osaka-1", "kobe-1"].compactMap { Self.rowIndex(screen, $0) }
                return rows.count == 3 && rows == rows.sorted()
                    && zip(["nara-1", "osaka-1", "kobe-1"], words).allSatisfy { box, word in
                        screen.split(separator: "\n").contains { $0.contains(box) && $0.contains(word) }
                    }
            }
            #expect(listed != nil, "\(language): not the three boxes worst first:\n\(rig.screen.text)")
            #expect(rig.screen.header.contains(text.text("fleet.title")), "\(rig.screen.header)")
            #expect(rig.screen.header.contains(text.text("fleet.summary", ["boxes": "3", "attention": "2"])))
            #expect(rig.screen.text.contains(text.text("fleet.column.last_round")), "\(rig.screen.text)")

            // Enter on the first row (nara): its servers; Esc: the list again.
            rig.press(.enter)
            let box = await rig.frame { $0.contains(text.text("fleet.box.title", ["facility": "nara", "box": "nara-1"]))
                && $0.contains(text.text("fleet.server.in_use", ["server": "pn51"])) }
            #expect(box != nil, "\(language): Enter did not show nara's servers:\n\(rig.screen.text)")
            rig.press(.escape)
            #expect(await rig.frame { Self.rowIndex($0, "kobe-1") != nil && Self.rowIndex($0, "osaka-1") != nil } != nil)

            // `/osa`: only Osaka; Esc clears the filter.
            rig.press(.character("/"))
            rig.type("osa")
            let filtered = await rig.frame { Self.rowIndex($0, "osaka-1") != nil && Self.rowIndex($0, "kobe-1") == nil
                && Self.rowIndex($0, "nara-1") == nil }
            #expect(filtered != nil, "\(language): the filter did not narrow the list:\n\(rig.screen.text)")
            rig.press(.escape)
            #expect(await rig.frame { Self.rowIndex($0, "kobe-1") != nil && Self.rowIndex($0, "nara-1") != nil } != nil)

            // `l`: the next language, every word at once.
            let next = language.next
            rig.press(.character("l"))
            let relabelled = await rig.frame { screen in
                screen.contains(Localizer(language: next).text("fleet.title"))
                    && screen.split(separator: "\n").contains { $0.contains("nara-1") && $0.contains(Localizer(language: next).text("fleet.status.silent")) }
            }
            #expect(relabelled != nil, "\(language) → \(next):\n\(rig.screen.text)")
        }
    }

    @Test("a source that cannot be asked is said on the screen, in the screen's language", arguments: AppLanguage.allCases)
    func unreachable(language: AppLanguage) async throws {
        let rig = try Self.fleetRig(language, url: "http://127.0.0.1:9")
        defer { rig.stop() }
        let text = Localizer(language: language)
        let message = text.text("fleet.error.unreachable", ["source": "http://127.0.0.1:9", "reason": text.text("error.connect.short")])
        let told = await rig.frame { squashed($0).contains(squashed(message)) }
        #expect(told != nil, "\(language):\n\(rig.screen.text)")
    }
}
