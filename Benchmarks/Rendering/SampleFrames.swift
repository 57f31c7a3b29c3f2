import TerminalRendering

/// Frames like the app's screens, drawn with the widgets, for timing.
enum SampleFrames {
    static let languages: [Line] = ["日本語", "English", "繁體中文"]

    static let checks: [(String, String)] = [
        ("health", "✓ 200   12 ms"), ("api", "✓ 200   10 ms"), ("auth", "! 401   サインインが必要です"), ("websocket", "✓ 200    9 ms"),
    ]

    static let hints = KeyHints([
        .init(key: "Tab", label: "エリア"), .init(key: "↑↓", label: "移動"), .init(key: "Enter", label: "選択"),
        .init(key: "o", label: "設定"), .init(key: "l", label: "言語"), .init(key: "r", label: "テスト"),
        .init(key: "?", label: "ヘルプ"), .init(key: "q", label: "終了"),
    ])

    /// The main settings screen with Japanese, Chinese and English text; `tick` changes the
    /// "checked N s ago" line and the sparkline, as the live screen does every second.
    static func mainScreen(width: Int, height: Int, tick: Int, metrics: DisplayWidth) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height, metrics: metrics)
        let outer = Box(title: "VerbumCare · 設定", rightTitle: Line("● 接続済み · pn51 · 12 ms", style: .colored(.ok)),
                        bottomTitle: hints.line(width: width - 4, metrics: metrics))
        outer.render(in: buffer.bounds, buffer: &buffer)
        let inside = outer.inner(buffer.bounds, metrics: metrics).inset(horizontal: 1, vertical: 0)
        let columns = inside.split(.horizontal, [.fill(3), .fill(2)], spacing: 1)
        let server = Box(title: "サーバー")
        server.render(in: columns[0], buffer: &buffer)
        let serverArea = server.inner(columns[0], metrics: metrics).inset(horizontal: 1, vertical: 0)
        let lines: [Line] = [
            "pn51", "旧本番サーバー、ロールバック用に保持 · Legacy production server", "https://verbumcare-lab.local/api",
            "設定 › VerbumCare で構成済み", "",
            Line([Span("状態      "), Span("● 接続済み", style: .colored(.ok)), Span("   12 ms")]),
            Line("確認      \(tick % 60) 秒前"),
        ]
        for (index, line) in lines.enumerated() {
            Label(line).render(in: serverArea.row(index), buffer: &buffer)
        }
        let history = (0..<40).map { Double(((tick + $0) * 37) % 23 + 5) }
        Sparkline(history, style: .colored(.accent)).render(
            in: Rect(x: serverArea.x + 30, y: serverArea.y + 5, width: 20, height: 1), buffer: &buffer)
        for (index, check) in checks.enumerated() {
            Label(Line(metrics.fit(check.0, toWidth: 10) + check.1)).render(in: serverArea.row(7 + index), buffer: &buffer)
        }
        let side = columns[1].split(.vertical, [.length(5), .length(6), .fill])
        let language = Box(title: "言語 · Language · 語言")
        language.render(in: side[0], buffer: &buffer)
        SelectionList(items: languages, chosen: 0, cursor: tick % 3, isFocused: true)
            .render(in: language.inner(side[0], metrics: metrics), buffer: &buffer)
        let pane = Box(title: "設定 › VerbumCare")
        pane.render(in: side[1], buffer: &buffer)
        Paragraph("サーバーの選択と追加は設定ペインで行います。伺服器在設定窗格中選擇和新增。Servers are chosen in the settings pane.")
            .render(in: pane.inner(side[1], metrics: metrics), buffer: &buffer)
        Paragraph("⚠ Mac Mini に接続できません（10 秒でタイムアウト）。pn51 を使用中。[s] 復帰したら戻す", style: .colored(.warning))
            .render(in: side[2], buffer: &buffer)
        return buffer
    }

    /// The settings pane with `count` servers, each row with name, URL, status and time; the list
    /// gets as many rows as it needs when `showAll`, otherwise what fits.
    static func serverList(count: Int, width: Int, height: Int, cursor: Int, metrics: DisplayWidth) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height, metrics: metrics)
        let box = Box(title: "設定 › VerbumCare", rightTitle: "● 接続済み · pn51 · 12 ms")
        box.render(in: buffer.bounds, buffer: &buffer)
        let statuses = ["接続済み", "エラー", "未接続", "テスト中…"]
        let items: [Line] = (0..<count).map { index in
            let name = metrics.fit("ward\(index).example.org", toWidth: 22)
            let url = metrics.fit("https://ward\(index).example.org/api", toWidth: 40)
            let status = metrics.fit(statuses[index % statuses.count], toWidth: 12)
            return Line([Span(name), Span(url, style: .colored(.muted)),
                         Span(status, style: .colored(index % 4 == 0 ? .ok : .error)), Span("\(index % 90 + 3) ms")])
        }
        SelectionList(items: items, chosen: 0, cursor: cursor, isFocused: true)
            .render(in: box.inner(buffer.bounds, metrics: metrics), buffer: &buffer)
        return buffer
    }
}
