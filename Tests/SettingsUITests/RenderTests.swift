import Localization
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

@Suite("Screens")
struct RenderTests {
    typealias F = Fixtures

    static func render(_ settings: SettingsState, _ ui: ScreenState, width: Int = 100, height: Int = 30,
                       plain: Bool = false) -> RenderedFrame {
        ScreenRenderer.render(ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now, options: RenderOptions(plain: plain)),
                              width: width, height: height)
    }

    @Test("below 60×16 one centered line says so; no size from 0×0 up crashes")
    func tooSmall() {
        let settings = F.connected(.en)
        let frame = Self.render(settings, ScreenState(), width: 59, height: 20)
        let rows = frame.buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[10].contains("59×20") && rows[10].contains("60×16"))
        #expect(rows.enumerated().allSatisfy { $0.offset == 10 || $0.element.allSatisfy { $0 == " " } })
        for width in 0...3 {
            for height in 0...3 {
                let tiny = Self.render(settings, ScreenState(), width: width, height: height)
                #expect(tiny.buffer.width == width && tiny.buffer.height == height)
            }
        }
        #expect(!Self.render(settings, ScreenState(), width: 60, height: 16).buffer.textDump().contains("60×16"))
    }

    @Test("every word changes with the language; names stay")
    func languagesChangeEveryWord() {
        let english = Self.render(F.connected(.en), ScreenState(settings: F.connected(.en))).buffer.textDump()
        let japanese = Self.render(F.connected(.ja), ScreenState(settings: F.connected(.ja))).buffer.textDump()
        for word in ["Settings", "Connected", "Server", "Language", "Checked", "sign-in required", "quit"] {
            #expect(english.contains(word) && !japanese.contains(word), "\(word)")
        }
        for name in ["pn51", "https://verbumcare-lab.local/api", "日本語", "English", "繁體中文"] {
            #expect(english.contains(name) && japanese.contains(name), "\(name)")
        }
    }

    @Test("the password is drawn as bullets only, and the caret sits in the focused field")
    func passwordNeverShown() throws {
        var settings = F.login(.en)
        var ui = ScreenState(settings: settings)
        F.press(F.type("nurse") + [.tab] + F.type("secret"), &ui, &settings)
        let frame = Self.render(settings, ui)
        let text = frame.buffer.textDump()
        #expect(!text.contains("secret"))
        #expect(text.contains("••••••"))
        let cursor = try #require(frame.cursor)
        #expect(frame.buffer[x: cursor.x - 1, y: cursor.y].content == "•")
    }

    @Test("focus shows without colour: the focused row is reverse video")
    func focusIsReverse() {
        var settings = F.connected(.en)
        var ui = ScreenState(settings: settings)
        F.press([.character("o"), .down], &ui, &settings)
        let buffer = Self.render(settings, ui).buffer
        let rows = buffer.textDump().split(separator: "\n")
        let row = rows.firstIndex { $0.contains("Mac Mini ") && !$0.contains("Tailscale") } ?? 0
        #expect(buffer.row(row).contains { $0.style.attributes.contains(.reverse) && $0.content == "M" })
        let other = rows.firstIndex { $0.contains("pn51 (Default)") } ?? 0
        #expect(!buffer.row(other).contains { $0.style.attributes.contains(.reverse) })
    }

    @Test("--plain: no box drawing, status as words, the cursor on the focused item")
    func plainMode() throws {
        let settings = F.fallback(.en)
        let ui = ScreenState(settings: settings)
        let frame = Self.render(settings, ui, plain: true)
        let text = frame.buffer.textDump()
        for glyph in ["┌", "─", "│", "└", "●", "✓", "⚠", "▁"] {
            #expect(!text.contains(glyph), "\(glyph) in plain mode")
        }
        #expect(text.contains("Connected") && text.contains("Good news:"))
        let cursor = try #require(frame.cursor)
        #expect(frame.buffer.row(cursor.y).contains { $0.style.attributes.contains(.reverse) })
        #expect(Self.render(settings, ui).cursor == nil, "no cursor outside text fields without --plain")
    }

    @Test("200 custom servers: the list scrolls to the cursor and says where it is")
    func longList() {
        var settings = F.connected(.en)
        settings.availableServers = ServerCatalog.availableServers(
            customAddresses: (1...200).map { "https://ward\($0).example.org/api" }, connectionTimeoutSeconds: 10)
        var ui = ScreenState(settings: settings)
        F.press([.character("o")] + Array(repeating: .down, count: 150), &ui, &settings)
        let text = Self.render(settings, ui).buffer.textDump()
        #expect(text.contains("ward148.example.org"))
        #expect(!text.contains("pn51 (Default)"))
        #expect(text.contains("/204"))
    }

    @Test("error notices carry their suggested action; the fallback notice offers the switch back")
    func notices() {
        let error = Self.render(F.error(.en), ScreenState(settings: F.error(.en))).buffer.textDump()
        #expect(error.contains("Server error (HTTP 502)"))
        #expect(error.contains("What to do: 502 or 503"))
        var stillDown = F.fallback(.en)
        stillDown.fallback?.configuredRecovered = false
        NoticeBoard.reconcile(&stillDown)
        let fallback = Self.render(stillDown, ScreenState(settings: stillDown)).buffer.textDump()
        #expect(fallback.contains("⚠ Mac Mini is unreachable (timeout after 10 s). pn51 is in use."))
        #expect(fallback.contains("Mac Mini is still being tested in the background."))
        #expect(fallback.contains("Fallback: Mac Mini is unreachable"))
        #expect(!fallback.contains("Press s to switch back"))
        // It answers again: good news replaces the warning, and its failure is in the past.
        let recovered = Self.render(F.fallback(.en), ScreenState(settings: F.fallback(.en))).buffer.textDump()
        #expect(recovered.contains("✓ Mac Mini is reachable again. Press s to switch back."))
        let noticeRows = recovered.split(separator: "\n").filter { $0.hasPrefix("│ ✗ ") || $0.hasPrefix("│ ⚠ ") }
        #expect(noticeRows.isEmpty && !recovered.contains("is unreachable ("), "\(noticeRows)")
        #expect(recovered.contains("Fallback: Mac Mini was unreachable"))
    }
}

@Suite("Catalog coverage")
struct CatalogCoverageTests {
    /// Latin words that may appear on a Japanese or Chinese screen: names, key names, protocol
    /// and product terms the catalogs themselves keep in Latin letters.
    static let allowed: Set<String> = [
        "VerbumCare", "Mac", "Mini", "Tailscale", "Apple", "Silicon", "English", "pn51", "ward3",
        "Tab", "Enter", "Esc", "Space", "Del", "Home", "End", "PgUp", "PgDn", "Ctrl", "F1", "F10",
        "health", "api", "auth", "websocket", "HTTP", "https", "nginx", "mDNS", "CA", "ms", "STAGING", "DEVELOPMENT",
        "DNS", "TLS",
    ]

    @Test("Japanese and Chinese screens contain no English words: every word comes from the catalogs",
          arguments: [AppLanguage.ja, .zhHant])
    func noEnglishLeaks(language: AppLanguage) throws {
        // Addresses, also shortened ones (`verbumcaremac-mi…`).
        let addressLike = try Regex(#"[^\s\[\]（）()「」]*[./:@…-][^\s\[\]（）()「」]*"#)
        let word = try Regex(#"[A-Za-z][A-Za-z0-9]+"#)
        for scenario in Fixtures.scenarios(language) {
            for (width, height) in [(60, 16), (120, 40)] {
                let model = ScreenModel(state: AppState(settings: scenario.settings, screen: scenario.ui), now: Fixtures.now)
                let text = ScreenRenderer.render(model, width: width, height: height).buffer.textDump()
                let withoutAddresses = text.replacing(addressLike, with: " ")
                for match in withoutAddresses.matches(of: word) {
                    let found = String(withoutAddresses[match.range])
                    // A name cut short by truncation (Apple Sil…) counts as the name.
                    #expect(Self.allowed.contains { $0.hasPrefix(found) }, "\(found) on \(language.rawValue) \(scenario.name) \(width)x\(height)")
                }
            }
        }
    }
}
