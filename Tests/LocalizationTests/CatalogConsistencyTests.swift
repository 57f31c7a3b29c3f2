import Foundation
import Localization
import Testing

@Suite("Catalogs")
struct CatalogConsistencyTests {
    @Test("all three catalogs have the same keys")
    func sameKeys() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let english = Set(try #require(catalogs[.en]).keys)
        #expect(english.count > 200)
        for language in AppLanguage.allCases {
            let keys = Set(try #require(catalogs[language]).keys)
            #expect(english.subtracting(keys).sorted() == [], "missing from \(language.rawValue).json")
            #expect(keys.subtracting(english).sorted() == [], "only in \(language.rawValue).json")
        }
    }

    @Test("every key has the same parameters in all three catalogs")
    func sameParameters() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let english = try #require(catalogs[.en])
        var parameterized = 0
        for (key, template) in english {
            let expected = Set(Localizer.parameterNames(in: template))
            if !expected.isEmpty { parameterized += 1 }
            for language in AppLanguage.allCases {
                guard let text = catalogs[language]?[key] else { continue } // sameKeys reports it
                #expect(Set(Localizer.parameterNames(in: text)) == expected, "\(language.rawValue): \(key)")
            }
        }
        #expect(parameterized > 50)
    }

    @Test("no string is empty or blank")
    func noEmptyStrings() throws {
        for (language, catalog) in try RepositoryFiles.allCatalogs() {
            for (key, text) in catalog {
                #expect(!text.allSatisfy { $0.isWhitespace }, "\(language.rawValue): \(key) is empty")
                #expect(text == text.trimmingCharacters(in: .whitespacesAndNewlines),
                        "\(language.rawValue): \(key) has leading or trailing white space")
            }
        }
    }

    @Test("braces appear only as {name} placeholders")
    func noStrayBraces() throws {
        for (language, catalog) in try RepositoryFiles.allCatalogs() {
            for (key, text) in catalog {
                // Substituting every placeholder with an empty string must remove every brace.
                var empty: [String: String] = [:]
                for name in Localizer.parameterNames(in: text) { empty[name] = "" }
                let rest = Localizer.substitute(text, empty)
                #expect(!rest.contains("{") && !rest.contains("}"), "\(language.rawValue): \(key)")
            }
        }
    }

    @Test("the embedded catalogs equal the JSON files exactly (run scripts/generate-catalogs)")
    func embeddedEqualsFiles() throws {
        for language in AppLanguage.allCases {
            let file = try RepositoryFiles.catalog(language)
            let embedded = Localizer.catalog(for: language)
            #expect(embedded.count == file.count, "\(language.rawValue)")
            let differing = file.keys.filter { embedded[$0] != file[$0] }.sorted()
            #expect(differing == [], "\(language.rawValue): stale in EmbeddedCatalogs.swift")
            #expect(embedded == file)
        }
    }

    @Test("catalog files are sorted, one key per line, keys in a known namespace")
    func fileLayout() throws {
        let namespaces: Set<String> = ["app", "alert", "status", "source", "server", "validation", "error", "check",
                                       "switch", "notice", "files", "ui", "key", "help", "dialog", "cli", "doctor", "drill",
                                       "page", "report", "status_page", "fleet"]
        let keyLine = try Regex(#"^  "([a-z0-9_.-]+)": ".*",?$"#)
        for language in AppLanguage.allCases {
            let text = try RepositoryFiles.catalogText(language)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "{")
            #expect(lines.suffix(2) == ["}", ""], "\(language.rawValue).json must end with a newline")
            var keys: [String] = []
            for line in lines.dropFirst().dropLast(2) {
                guard let match = try keyLine.wholeMatch(in: String(line)),
                      let captured = match.output[1].substring else {
                    Issue.record("\(language.rawValue).json: unexpected line \(line)")
                    continue
                }
                keys.append(String(captured))
            }
            #expect(keys == keys.sorted(), "\(language.rawValue).json keys are not sorted")
            #expect(keys.count == (try RepositoryFiles.catalog(language)).count, "\(language.rawValue).json")
            for key in keys {
                let namespace = String(key.prefix { $0 != "." })
                #expect(namespaces.contains(namespace) && key.contains("."), "\(key) has no known namespace")
            }
        }
    }

    @Test("every key promised to other modules exists with its parameters")
    func requiredKeys() throws {
        let required = RequiredKeys.keys
        #expect(required.count > 150)
        for language in AppLanguage.allCases {
            let catalog = try RepositoryFiles.catalog(language)
            for (key, parameters) in required {
                guard let text = catalog[key] else {
                    Issue.record("\(language.rawValue).json lacks \(key)")
                    continue
                }
                #expect(Set(Localizer.parameterNames(in: text)) == parameters, "\(language.rawValue): \(key)")
            }
        }
    }

    @Test("server names stay the same in every language; descriptions are translated")
    func serverNames() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let names = ["pn51": "pn51", "mac-mini": "Mac Mini", "mac-mini-tailscale": "Mac Mini Tailscale"]
        for (id, name) in names {
            for language in AppLanguage.allCases {
                #expect(catalogs[language]?["server.\(id).name"] == name)
                #expect(catalogs[language]?["server.\(id).title"]?.hasPrefix(name) == true)
            }
            #expect(catalogs[.ja]?["server.\(id).description"] != catalogs[.en]?["server.\(id).description"])
            #expect(catalogs[.zhHant]?["server.\(id).description"] != catalogs[.en]?["server.\(id).description"])
        }
        #expect(catalogs[.en]?["server.pn51.title"] == "pn51 (Default)")
        #expect(catalogs[.ja]?["server.pn51.title"] != "pn51 (Default)")
    }

    /// Strings that are the same in all three languages on purpose: names, units, and joiners
    /// whose words come from other keys (they differ only in punctuation).
    static let languageNeutralKeys: Set<String> = [
        "app.name", "server.pn51.name", "server.mac-mini.name", "server.mac-mini.title",
        "server.mac-mini-tailscale.name", "server.mac-mini-tailscale.title",
        "check.health", "check.api", "check.auth", "check.websocket",
        "ui.response_ms", "ui.history.percent", "ui.http_status", "error.http_status.short", "cli.column.id", "cli.column.http",
        "help.section.pane", "ui.panel.open_settings", "ui.pane.title", "doctor.summary",
        "ui.plain.status_change", "ui.plain.status_now", "ui.plain.status_with_reason",
        "ui.drill_badge", "ui.drill_row", "report.alert_value", "report.drill.step_value",
        "fleet.column.p95", "fleet.box.title", "fleet.sentence_join", "server.name_with_a_label", "ui.plain.list_pair",
        "cli.check.degraded",
    ]

    @Test("Japanese and Chinese are translated, not copied from English")
    func translated() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let english = try #require(catalogs[.en])
        let japanese = try #require(catalogs[.ja])
        let chinese = try #require(catalogs[.zhHant])
        for (key, text) in english {
            if Self.languageNeutralKeys.contains(key) { continue }
            #expect(japanese[key] != text, "ja: \(key) is English")
            #expect(chinese[key] != text, "zh-Hant: \(key) is English")
            #expect(japanese[key].map(Self.hasJapaneseScript) == true, "ja: \(key) has no Japanese script")
            #expect(chinese[key].map(Self.hasHan) == true, "zh-Hant: \(key) has no Chinese characters")
        }
        // The neutral ones are only those that really are the same everywhere, or names of the pane.
        for key in Self.languageNeutralKeys {
            #expect(english[key] != nil, "\(key) is not a key")
        }
    }

    @Test("Traditional Chinese uses no kana and no Simplified-only characters")
    func traditionalOnly() throws {
        let chinese = try RepositoryFiles.catalog(.zhHant)
        // Each of these is the Simplified form of a character written differently in
        // Traditional Chinese (设→設, 连→連, 网→網, …); none is shared by both scripts.
        let simplifiedOnly = Set("""
        设务连线开关语择认错误网络试时这说请们个来为与启动态应该显间钟无证书访问机码录户编辑删\
        检测选项输数响复还没过进载页帮键离闭当单执处从号变换储缓让给对绝达称备远经长义类边际发\
        现询参构读写锁迁终标签隐视图报确级验协议节点续继结败现实旧资务织
        """.unicodeScalars.map(Character.init))
        var checked = 0
        for (key, text) in chinese {
            checked += 1
            let bad = text.filter { simplifiedOnly.contains($0) }
            #expect(bad.isEmpty, "zh-Hant: \(key) has Simplified characters \(bad)")
            #expect(!text.unicodeScalars.contains { Self.isKana($0) }, "zh-Hant: \(key) has kana")
        }
        #expect(checked > 200)
    }

    @Test("Japanese uses Japanese character forms, neither Simplified nor Traditional-only")
    func japaneseForms() throws {
        let japanese = try RepositoryFiles.catalog(.ja)
        // Forms Japanese writes differently (検 not 檢/检, 続 not 續/续, 応 not 應/应, …).
        let foreign = Set("""
        檢證錄續應對發與實圖擇變讀處雙舊說們啟顯碼刪幫當單從讓絕經邊詢簽隱體關區畫號來\
        设连线语择认错误网络试这说请们启动态应该显间钟证书访问码录编辑删检测选项输响\
        还过进载页帮键离闭单执处从换储缓让给对绝达备远经长类边际发现询构读锁迁终标签隐视图续继结
        """.unicodeScalars.map(Character.init))
        let languageNames = AppLanguage.allCases.map(\.nativeName)
        for (key, text) in japanese {
            // The picker's names (繁體中文) are written in their own script in every language.
            let bad = languageNames.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
                .filter { foreign.contains($0) }
            #expect(bad.isEmpty, "ja: \(key) has non-Japanese character forms \(bad)")
        }
        // And the Japanese catalog really uses kana (it is not Chinese).
        #expect(japanese.values.filter { $0.unicodeScalars.contains { Self.isKana($0) } }.count > 150)
    }

    @Test("labels are short enough for a 60-column screen")
    func labelWidths() throws {
        // Footer words, status words and pane labels share one line with others.
        let limits: [(prefix: String, columns: Int)] = [
            ("key.", 12), ("status.", 15), ("check.", 16), ("switch.step.", 24),
            ("ui.panel.", 24), ("ui.pane.backend_server", 24), ("ui.pane.connection_timeout", 20),
            ("ui.pane.auto_switch", 24), ("ui.pane.detailed_logging", 20), ("ui.pane.ca_bundle", 20),
            ("ui.pane.custom_address", 30), ("ui.pane.add_custom", 30), ("server.", 60),
        ]
        for (language, catalog) in try RepositoryFiles.allCatalogs() {
            for (key, text) in catalog {
                // A prefix ending in "." covers a namespace; any other names one key.
                for limit in limits where limit.prefix.hasSuffix(".") ? key.hasPrefix(limit.prefix) : key == limit.prefix {
                    #expect(Self.columns(text) <= limit.columns,
                            "\(language.rawValue): \(key) takes \(Self.columns(text)) columns (at most \(limit.columns))")
                }
            }
        }
    }

    /// A rough display width: East Asian wide and fullwidth characters take two columns.
    /// (The renderer has the exact table; this only has to be right for our own strings.)
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6:
                width + 2
            default:
                width + 1
            }
        }
    }

    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3041...0x30FF).contains(scalar.value) && scalar.value != 0x30FB // ・ is punctuation
    }

    static func hasJapaneseScript(_ text: String) -> Bool {
        text.unicodeScalars.contains { isKana($0) || (0x4E00...0x9FFF).contains($0.value) }
    }

    static func hasHan(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }
}
