import Foundation
import Localization
import SettingsStore
import SettingsUI
import TerminalRendering
import Testing

/// The mouse through the real loop (SPEC §10.3), in the three languages: a click lands where
/// the screen shows a word (found in the drawn cells, as a person would aim), and does what the
/// key would: a language is chosen, a server in the pane is chosen (and written to
/// settings.json), the wheel scrolls help, a footer hint acts as its key.
@Suite("The mouse through the loop")
@MainActor
struct MouseLoopTests {
    /// The cell where `needle` starts on the test screen (its first row from the top, or from
    /// the bottom with `lastRow`), in columns: wide characters count two.
    static func locate(_ needle: String, on screen: TestScreen, lastRow: Bool = false) -> (x: Int, y: Int)? {
        let buffer = screen.buffer
        let rows = lastRow ? Array((0..<buffer.height).reversed()) : Array(0..<buffer.height)
        for y in rows {
            var characters: [Character] = []
            var columns: [Int] = []
            for (x, cell) in buffer.row(y).enumerated() where !cell.isContinuation {
                for character in cell.content {
                    characters.append(character)
                    columns.append(x)
                }
            }
            let wanted = Array(needle)
            guard wanted.count <= characters.count else { continue }
            for start in 0...(characters.count - wanted.count) where Array(characters[start..<(start + wanted.count)]) == wanted {
                return (columns[start], y)
            }
        }
        return nil
    }

    static let otherLanguage: [AppLanguage: AppLanguage] = [.ja: .en, .en: .zhHant, .zhHant: .ja]

    @Test("a click on a language chooses it", arguments: AppLanguage.allCases)
    func clickALanguage(language: AppLanguage) async throws {
        let rig = try LoopRig(language: language)
        defer { rig.stop() }
        let target = try #require(Self.otherLanguage[language])
        let place = try #require(Self.locate(target.nativeName, on: rig.screen), "\(rig.screen.text)")
        rig.loop.mouse(MouseEvent(.press, x: place.x + 1, y: place.y))
        #expect(await rig.settle { $0.currentLanguage == target })
        let title = Localizer(language: target).text("ui.panel.language")
        #expect(await rig.frame { $0.contains(title) } != nil, "\(rig.screen.text)")
        #expect(rig.app.screen.focus(rig.state) == .languagePicker)
    }

    @Test("a click on a server in the pane chooses it", arguments: AppLanguage.allCases)
    func clickAPaneRow(language: AppLanguage) async throws {
        let rig = try LoopRig(language: language)
        defer { rig.stop() }
        rig.press(.character("o"))
        #expect(await rig.settle { _ in rig.app.screen.isSettingsPaneOpen })
        let name = rig.text("server.mac-mini-tailscale.name")
        #expect(await rig.frame { $0.contains(name) } != nil, "\(rig.screen.text)")
        #expect(rig.app.screen.paneCursor == 0)
        let place = try #require(Self.locate(name, on: rig.screen), "\(rig.screen.text)")
        rig.loop.mouse(MouseEvent(.press, x: place.x, y: place.y))
        #expect(rig.app.screen.paneCursor == 2)
        // Chosen: the store writes the selection to settings.json and the pane marks it.
        #expect(await rig.settle { ScreenState.paneMarkedServerId($0) == "mac-mini-tailscale" })
        let written = try String(contentsOfFile: rig.paths.settingsFile, encoding: .utf8)
        #expect(written.contains("verbumcarenomac-mini.local"), "\(written)")
    }

    @Test("the wheel scrolls help; a click beside it chooses nothing", arguments: AppLanguage.allCases)
    func wheelInHelp(language: AppLanguage) async throws {
        let rig = try LoopRig(language: language)
        defer { rig.stop() }
        rig.press(.character("?"))
        let heading = rig.text(KeyBinding.Section.global.titleKey)
        #expect(await rig.frame { $0.contains(heading) && $0.contains("1–") } != nil, "\(rig.screen.text)")
        rig.loop.mouse(MouseEvent(.wheelDown, x: 50, y: 15))
        #expect(rig.app.screen.helpScroll == 3)
        #expect(await rig.frame { $0.contains("4–") && !$0.contains(heading) } != nil, "\(rig.screen.text)")
        rig.loop.mouse(MouseEvent(.wheelUp, x: 50, y: 15))
        #expect(rig.app.screen.helpScroll == 0)
        #expect(await rig.frame { $0.contains(heading) } != nil)
        // Under the overlay the screen's rows take no clicks.
        let target = try #require(Self.otherLanguage[language])
        rig.loop.mouse(MouseEvent(.press, x: 90, y: 3))
        #expect(rig.state.currentLanguage == language && rig.state.currentLanguage != target)
        #expect(rig.app.screen.overlay == .help)
    }

    @Test("a click on a footer hint acts as its key", arguments: AppLanguage.allCases)
    func clickAFooterHint(language: AppLanguage) async throws {
        let rig = try LoopRig(language: language)
        defer { rig.stop() }
        let hint = "? " + rig.text("key.help")
        let place = try #require(Self.locate(hint, on: rig.screen, lastRow: true), "\(rig.screen.text)")
        #expect(place.y == rig.screen.size.rows - 1)
        rig.loop.mouse(MouseEvent(.press, x: place.x + 2, y: place.y))
        #expect(rig.app.screen.overlay == .help)
        #expect(await rig.frame { $0.contains(rig.text(KeyBinding.Section.global.titleKey)) } != nil)
        // The help's own footer: its close hint closes it.
        let closeHint = "Esc " + rig.text("key.close")
        #expect(await rig.frame { _ in Self.locate(closeHint, on: rig.screen, lastRow: true) != nil } != nil)
        let closing = try #require(Self.locate(closeHint, on: rig.screen, lastRow: true))
        rig.loop.mouse(MouseEvent(.press, x: closing.x, y: closing.y))
        #expect(rig.app.screen.overlay == .none)
    }
}
