import PropertyBased
import Testing
import TerminalRendering

@Suite struct WidgetTests {
    static let ambiguousWide = DisplayWidth(options: .ambiguousWide)

    static func rule(_ count: Int) -> String { String(repeating: "─", count: count) }
    static func blank(_ count: Int) -> String { String(repeating: " ", count: count) }

    @Test(arguments: [
        ("言語", "● 接続済み", 10),
        ("Language", "● Connected", 5),
        ("語言", "● 已連線", 12),
    ])
    func boxTitlesLineUpInEveryLanguage(title: String, status: String, ruleLength: Int) {
        var buffer = CellBuffer(width: 30, height: 3)
        let box = Box(title: Line(title), rightTitle: Line(status))
        box.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == """
            ┌ \(title) \(Self.rule(ruleLength)) \(status) ┐|
            │\(Self.blank(28))│|
            └\(Self.rule(28))┘|
            """)
        for y in 0..<3 {
            #expect(["┐", "│", "┘"].contains(buffer[x: 29, y: y].content), "right border moved on row \(y)")
        }
        #expect(box.inner(buffer.bounds, metrics: buffer.metrics) == Rect(x: 1, y: 1, width: 28, height: 1))
    }

    @Test func boxLeftTitleGivesWayToTheStatus() {
        var buffer = CellBuffer(width: 20, height: 2)
        Box(title: "Settings overview", rightTitle: "● Connected").render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == "┌ S… ─ ● Connected ┐|\n└\(Self.rule(18))┘|")
    }

    @Test func boxInAmbiguousWideModeUsesTwoCellsPerGlyph() {
        var buffer = CellBuffer(width: 12, height: 3, metrics: Self.ambiguousWide)
        let box = Box(title: "AB")
        box.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == "┌ AB ──┐|\n│        │|\n└────┘|")
        #expect(box.inner(buffer.bounds, metrics: buffer.metrics) == Rect(x: 2, y: 1, width: 8, height: 1))
    }

    @Test func plainAndAsciiBorders() {
        var plain = CellBuffer(width: 10, height: 3)
        Box(title: "Hi", border: .none).render(in: plain.bounds, buffer: &plain)
        #expect(plain.textDump(edge: "|") == "  Hi      |\n          |\n          |")
        var ascii = CellBuffer(width: 8, height: 3)
        Box(title: "Hi", border: .ascii).render(in: ascii.bounds, buffer: &ascii)
        #expect(ascii.textDump(edge: "|") == "+ Hi --+|\n|      ||\n+------+|")
    }

    @Test func boxClipsItsContentRegion() {
        var buffer = CellBuffer(width: 12, height: 4)
        buffer.fill(buffer.bounds, with: "x")
        Box(title: "日本語のタイトル", clearsInside: true).render(in: Rect(x: 1, y: 0, width: 10, height: 3), buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == """
            x┌ 日本… ─┐x|
            x│        │x|
            x└────────┘x|
            xxxxxxxxxxxx|
            """)
    }

    @Test func sparklineScalesNewestRight() {
        let metrics = DisplayWidth.standard
        #expect(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]).text(width: 10, metrics: metrics) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]).text(width: 4, metrics: metrics) == "▅▆▇█")
        #expect(Sparkline([10, 20, 5]).text(width: 10, metrics: metrics) == "▅█▃")
        #expect(Sparkline([10, .nan, 5], maximum: 10).text(width: 10, metrics: metrics) == "█ ▅")
        #expect(Sparkline([0, 0]).text(width: 10, metrics: metrics) == "▁▁")
        #expect(Sparkline([1, 2, 3, 4]).text(width: 5, metrics: Self.ambiguousWide) == "▆█")

        var buffer = CellBuffer(width: 6, height: 1)
        Sparkline([3, 6, 12], style: .colored(.accent)).render(in: Rect(x: 1, y: 0, width: 4, height: 1), buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == " ▃▅█  |")
        #expect(buffer.styleDump() == ".aaa..")
    }

    static let hints = KeyHints([
        .init(key: "Tab", label: "area"), .init(key: "↑↓", label: "move"),
        .init(key: "Enter", label: "choose"), .init(key: "q", label: "quit"),
    ])

    @Test(arguments: [
        (39, "Tab area  ↑↓ move  Enter choose  q quit"),
        (38, "Tab area  ↑↓ move  Enter choose  …"),
        (33, "Tab area  ↑↓ move  …"),
        (20, "Tab area  ↑↓ move  …"),
        (11, "Tab area  …"),
        (10, "Tab area"),
        (5, "Tab …"),
        (0, ""),
    ])
    func keyHintsDropWholeHints(width: Int, expected: String) {
        let line = Self.hints.line(width: width, metrics: .standard)
        #expect(line.text == expected)
    }

    @Test func keyHintsInAmbiguousWideMode() {
        let line = Self.hints.line(width: 20, metrics: Self.ambiguousWide)
        #expect(line.text == "Tab area  …")
        #expect(line.width(Self.ambiguousWide) == 12)
        var buffer = CellBuffer(width: 14, height: 1)
        Self.hints.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == "Tab area  …   |")
        #expect(buffer.styleDump() == "BBB...........")
    }

    @Test func listMarksChosenAndHighlightsCursor() {
        var buffer = CellBuffer(width: 12, height: 3)
        let list = SelectionList(items: ["日本語", "English", "繁體中文"], chosen: 0, cursor: 1, isFocused: true)
        list.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == " ● 日本語   |\n ○ English  |\n ○ 繁體中文 |")
        #expect(buffer.styleDump() == ".a..........\nRRRRRRRRRRRR\n............")

        var unfocused = CellBuffer(width: 12, height: 3)
        SelectionList(items: ["日本語", "English", "繁體中文"], chosen: 2, cursor: 1, markers: .ascii)
            .render(in: unfocused.bounds, buffer: &unfocused)
        #expect(unfocused.textDump(edge: "|") == " ( ) 日本語 |\n ( ) English|\n (*) 繁體中…|")
        #expect(!unfocused.styleDump().contains("R"))
    }

    @Test func listScrollsToTheCursor() {
        let items = (0..<200).map { Line("server-\($0)") }
        let list = SelectionList(items: items, chosen: 0, cursor: 150, isFocused: true)
        #expect(list.scrollOffset(height: 5) == 146)
        var buffer = CellBuffer(width: 14, height: 5)
        list.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == """
             ○ server-146 |
             ○ server-147 |
             ○ server-148 |
             ○ server-149 |
             ○ server-150 |
            """)
        #expect(buffer.styleDump().split(separator: "\n").last == "RRRRRRRRRRRRRR")
        #expect(SelectionList(items: items, cursor: 199).scrollOffset(height: 5) == 195)
        #expect(SelectionList(items: items, cursor: 3).scrollOffset(height: 5) == 0)
    }

    @Test func paragraphWrapsLatinByWordsAndCJKByCharacters() {
        let m = DisplayWidth.standard
        #expect(LineBreaker.wrap("The quick brown fox jumps", width: 10, metrics: m) == ["The quick", "brown fox", "jumps"])
        #expect(LineBreaker.wrap("サーバーに接続しています。", width: 10, metrics: m) == ["サーバーに", "接続してい", "ます。"])
        // Kinsoku: the full stop does not start a line.
        #expect(LineBreaker.wrap("あいうえお。", width: 10, metrics: m) == ["あいうえ", "お。"])
        #expect(LineBreaker.wrap("Server 接続 OK", width: 8, metrics: m) == ["Server", "接続 OK"])
        #expect(LineBreaker.wrap("abcdefghij", width: 4, metrics: m) == ["abcd", "efgh", "ij"])
        #expect(LineBreaker.wrap("one\n\ntwo", width: 10, metrics: m) == ["one", "", "two"])
        #expect(LineBreaker.wrap("日本", width: 1, metrics: m) == [""])
    }

    @Test func paragraphMarksOverflow() {
        var buffer = CellBuffer(width: 10, height: 2)
        Paragraph("Servers are chosen and added in the settings pane.").render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textDump(edge: "|") == "Servers   |\nare chose…|")
    }

    @Test func wrappedLinesFitAndKeepEveryCharacter() async {
        let input = zip(TextSamples.text(from: TextSamples.prose, maxPieces: 40), Gen.int(in: 2...40), TextSamples.options)
        await propertyCheck(count: 200, input: input) { text, width, options in
            let metrics = DisplayWidth(options: options)
            let lines = LineBreaker.wrap(text, width: width, metrics: metrics)
            for line in lines {
                #expect(metrics.width(of: line) <= width, "\(line) is wider than \(width)")
            }
            let kept = lines.joined().unicodeScalars.filter { $0 != " " }
            let original = text.unicodeScalars.filter { $0 != " " }
            #expect(String(String.UnicodeScalarView(kept)) == String(String.UnicodeScalarView(original)))
        }
    }

    @Test func widgetsDrawOnlyInsideTheirArea() async {
        let input = zip(TextSamples.text(from: TextSamples.prose, maxPieces: 12), Gen.int(in: -3...30), Gen.int(in: -3...12),
                        Gen.int(in: 0...30), Gen.int(in: 0...12), TextSamples.options, Gen.element(of: ["x", "日", "─"] as [Character]))
        await propertyCheck(count: 150, input: input) { text, x, y, width, height, options, background in
            let area = Rect(x: x, y: y, width: width, height: height)
            let widgets: [any Widget] = [
                Box(title: Line(text), rightTitle: Line(text), bottomTitle: Line(text)),
                Label(Line(text), alignment: .right), Paragraph(text + " " + text),
                SelectionList(items: [Line(text), "x", Line(text)], chosen: 1, cursor: 2, isFocused: true),
                Sparkline([1, 5, 3, .infinity, 2, 8]), KeyHints([.init(key: text, label: text), .init(key: "q", label: "quit")]),
            ]
            for widget in widgets {
                var buffer = CellBuffer(width: 24, height: 10, metrics: DisplayWidth(options: options))
                buffer.fill(buffer.bounds, with: background ?? "x")
                let before = buffer
                widget.render(in: area, buffer: &buffer)
                BufferChecks.expectWellFormed(buffer)
                for row in 0..<buffer.height {
                    for column in 0..<buffer.width where buffer[x: column, y: row] != before[x: column, y: row] {
                        // Drawing over half of a wide character blanks its other half, even outside.
                        let onRows = row >= area.y && row < area.maxY
                        let cutLead = column == area.x - 1 && before[x: column, y: row].width == 2
                        let cutTail = column == area.maxX && before[x: column, y: row].isContinuation
                        let blanked = buffer[x: column, y: row].content == " "
                        #expect(area.contains(x: column, y: row) || (onRows && blanked && (cutLead || cutTail)),
                                "\(type(of: widget)) drew at \(column),\(row) outside \(area)")
                    }
                }
            }
        }
    }
}
