import Foundation
import Testing
import TestSupport

/// SPEC §10.4 `--plain`, as a screen reader reads it: the real binary on a terminal that only
/// prints lines (`TERM=dumb`, the line mode), in tmux, its output read line by line. The first
/// line says the mode is on and that TERM=dumb turned it on; every line starts with its label in
/// the language in use; between two screens the app prints nothing for a re-test that changes
/// nothing, and exactly one line for each confirmed change of status.
@Suite(.serialized)
struct PlainReadingTests {
    /// The printed lines, as a screen reader gets them (wrapped lines joined, blank lines skipped,
    /// the shell's own line left out).
    static func printed(_ app: AppFixture) async throws -> [String] {
        try await app.session.captureHistory(joined: true)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty && !$0.hasPrefix("__EXIT__") }
    }

    @Test("TERM=dumb read line by line: labels, the cause first, silence on a re-test, one line per change",
          arguments: ["en", "ja", "zh-Hant"])
    func readLineByLine(language: String) async throws {
        let app = try await AppFixture.start(.init(language: language, settings: [("probe_interval", "2"), ("connection_timeout", "5")],
                                                   environment: ["TERM": "dumb"]))
        defer { app.close() }
        let text = app.catalog(language)
        let changeLabel = text.text("ui.plain.label.change") + ": "
        let connected = changeLabel + text.text("ui.plain.status_now", ["server": "pn51", "to": text.text("status.connected")])
        // The first result is a confirmed change: announced alone, after the first screen.
        try await app.session.waitFor("the first status, announced") { rows in rows.contains { $0.hasPrefix(connected) } }
        var lines = try await Self.printed(app)

        // The first line: the mode is on, and TERM=dumb turned it on.
        let modeLine = text.text("ui.plain.label.mode") + ": " + text.text("ui.plain.mode_on.line_mode", ["term": "dumb"])
        #expect(lines.first == modeLine, "\(lines.first ?? "nothing")")
        #expect(lines.first?.contains("TERM=dumb") == true)

        // Every line starts with a label of the language in use, then ": ".
        let labels = Self.labels(text)
        for line in lines {
            #expect(labels.contains { line.hasPrefix($0 + ": ") }, "no label: \"\(line)\"\n\(lines.joined(separator: "\n"))")
        }
        // The languages are numbered as the keys 1 2 3 choose them.
        for (index, name) in ["日本語", "English", "繁體中文"].enumerated() {
            #expect(lines.contains { $0.hasPrefix(text.text("ui.panel.language") + ": \(index + 1) \(name)") }, "\(lines)")
        }

        // Re-tests that change nothing announce nothing: two more rounds of the checks reach pn51.
        let before = lines.count
        let requests = try app.backend.stats().requests("pn51", "/health")
        #expect(await LoopbackHTTP.eventually(seconds: 60) {
            ((try? app.backend.stats().requests("pn51", "/health")) ?? 0) >= requests + 2
        }, "two re-tests of pn51")
        lines = try await Self.printed(app)
        #expect(lines.count == before, "a re-test printed: \(lines.suffix(lines.count - before))")

        // pn51 goes down: one line, once the failure is confirmed; it comes back: one line.
        try app.backend.setMode("pn51", .down)
        try await app.session.waitFor("the change to error") { rows in
            rows.contains { $0.hasPrefix(changeLabel) && $0.contains(text.text("status.error")) }
        }
        try app.backend.setMode("pn51", .up)
        let error = text.text("ui.plain.status_with_reason", ["status": text.text("status.error"),
                                                              "reason": text.text("error.connect.short")])
        let back = changeLabel + text.text("ui.plain.status_change", ["server": "pn51", "from": error,
                                                                      "to": text.text("status.connected")])
        try await app.session.waitFor("the change back") { rows in rows.contains { $0.hasPrefix(back) } }
        lines = try await Self.printed(app)
        let news = Array(lines.dropFirst(before))
        #expect(news.count == 2, "\(news)")
        #expect(news.allSatisfy { $0.hasPrefix(changeLabel) }, "\(news)")
        #expect(news.last == back, "\(news)")
    }

    @Test("full screen: the first line names --plain or ACCESSIBLE; the cursor is on the focused line; 2 chooses English",
          arguments: [(["--plain"], [String: String]()), ([], ["ACCESSIBLE": "1"])])
    func fullScreenFirstLineAndCursor(arguments: [String], environment: [String: String]) async throws {
        let app = try await AppFixture.start(.init(language: "ja", extraArguments: arguments, environment: environment))
        defer { app.close() }
        let ja = app.catalog("ja")
        let cause = arguments.isEmpty ? "accessible" : "option"
        let modeLine = ja.text("ui.plain.label.mode") + ": " + ja.text("ui.plain.mode_on.\(cause)")
        let screen = try await app.waitFor("the plain main screen") { screen in
            screen.rows.first?.trimmingCharacters(in: .whitespaces) == modeLine && screen.contains("日本語")
        }
        // The language list has the focus: the terminal's cursor is on its chosen line, "言語: 1 日本語（選択中）".
        let chosen = ja.text("ui.panel.language") + ": 1 " + ja.text("ui.plain.chosen", ["name": "日本語"])
        // The screen and the cursor are read apart: a frame between them (the first probe's
        // answer moves the lines) is read again, until both come from the same frame.
        var cursor = -1
        var rows = screen.rows
        try await Eventually.holds(within: .seconds(20), every: .milliseconds(50)) {
            let before = try #require(Int(try await app.session.format("#{cursor_y}")))
            rows = try await app.session.capture()
            let after = try #require(Int(try await app.session.format("#{cursor_y}")))
            cursor = before == after ? after : -1
            return rows.indices.contains(cursor) && rows[cursor].hasPrefix(chosen)
        }
        #expect(rows.indices.contains(cursor) && rows[cursor].hasPrefix(chosen), "cursor row \(cursor)\n\(rows.joined(separator: "\n"))")
        // 2 chooses English, as the line says.
        try await app.session.sendKeys("2")
        let en = app.catalog("en")
        try await app.waitFor("English") { screen in
            screen.rows.contains { $0.hasPrefix(en.text("ui.panel.language") + ": 2 " + en.text("ui.plain.chosen", ["name": "English"])) }
        }
    }

    /// The labels the main screen's lines start with, in the catalog's words.
    static func labels(_ text: Catalog) -> [String] {
        ["ui.plain.label.mode", "ui.plain.label.screen", "ui.plain.label.change", "ui.plain.label.keys",
         "ui.plain.label.server", "ui.plain.label.description", "ui.plain.label.address", "ui.plain.label.source",
         "ui.plain.label.button", "ui.plain.label.event", "ui.status", "ui.checked", "ui.panel.language",
         "ui.panel.open_settings", "ui.panel.history", "ui.panel.alerts", "ui.panel.certificate", "ui.error_label",
         "ui.warning_label", "ui.good_news_label", "ui.info_label"].map { text.text($0) }
            + ["health", "api", "auth", "websocket"].map { text.text("ui.plain.label.check", ["check": text.text("check.\($0)")]) }
    }
}
