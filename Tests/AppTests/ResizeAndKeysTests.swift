import Testing
import TestSupport

/// docs/PRODUCT.md: Terminal behaviour: resizing relayouts at once, small terminals get one line saying so, no size and no key crashes.
@Suite(.serialized)
struct ResizeAndKeysTests {
    @Test("too small terminals show the size needed; back to 100×30 the whole screen returns")
    func tooSmallAndBack() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en")
        for (columns, rows) in [(20, 5), (59, 15), (60, 15), (59, 16), (1, 1), (2, 30), (100, 2)] {
            try await app.session.resize(columns: columns, rows: rows)
            let parameters = ["cols": String(columns), "rows": String(rows), "minCols": "60", "minRows": "16"]
            let message = en.text("ui.too_small", parameters)
            // Where the sentence does not fit, the size needed alone does (then cut only below its width).
            let short = en.text("ui.too_small_short", parameters)
            let screen = try await app.waitFor("the too-small line at \(columns)×\(rows)") { screen in
                // One column cannot say anything; from two up, the line (or its start and "…") is there.
                screen.rows.count == rows
                    && (columns < 2 || screen.rows.contains { fitsMessage($0, message) || fitsMessage($0, short) })
            }
            // Only that line: nothing of the main screen squeezed in.
            #expect(!screen.contains(en.text("ui.panel.server")), "\(screen)")
            #expect(try await app.session.exitStatus() == nil)
        }
        try await app.session.resize(columns: 60, rows: 16)
        try await app.waitForConnectedMainScreen("en")
        try await app.session.resize(columns: 100, rows: 30)
        let screen = try await app.waitForConnectedMainScreen("en")
        #expect(screen.rows.count == 30)
        #expect(!screen.contains(en.text("ui.too_small", ["cols": "100", "rows": "30", "minCols": "60", "minRows": "16"])))
    }

    @Test("hundreds of random keys and resizes never end the app")
    func randomKeysNeverCrash() async throws {
        let app = try await AppFixture.start(.init(language: "ja"))
        defer { app.close() }
        try await app.waitForConnectedMainScreen("ja")
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        // Every key of docs/PRODUCT.md: Keys and the editing keys, except the quit keys (q only quits outside fields).
        let named = ["Enter", "Escape", "Tab", "BTab", "Up", "Down", "Left", "Right", "Space", "F1", "C-l",
                     "BSpace", "DC", "Home", "End", "PageUp", "PageDown", "F2", "F5", "o", "l", "1", "2", "3",
                     "r", "?", "k", "j", "s"]
        let letters = Array("abcdefghijkmnoprstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/:.-_ ~!@#$%^&*()")
        let texts = ["日本語", "繁體中文", "https://", "é", "👩‍⚕️", "\u{301}"]
        var sent: [String] = []
        for batch in 0..<40 {
            var keys: [String] = []
            for _ in 0..<10 {
                switch random.next() % 3 {
                case 0: keys.append(named[Int(random.next() % UInt64(named.count))])
                case 1: keys.append(String(letters[Int(random.next() % UInt64(letters.count))]))
                default: keys.append(named[Int(random.next() % UInt64(named.count))])
                }
            }
            try await app.session.sendKeys(keys)
            sent += keys
            if batch % 8 == 7 {
                try await app.session.type(texts[Int(random.next() % UInt64(texts.count))])
                let columns = 1 + Int(random.next() % 140)
                let rows = 1 + Int(random.next() % 50)
                try await app.session.resize(columns: columns, rows: rows)
                sent.append("resize \(columns)x\(rows)")
            }
            try await Task.sleep(for: .milliseconds(30))  // the bursts' pace (a fast typist), not a wait for a state
            let status = try await app.session.exitStatus()
            #expect(status == nil, "the app ended (\(status ?? 0)) after keys (seed \(seed)): \(sent.suffix(40))")
            if status != nil { return }
        }
        // Still responsive: back to a full screen and quit with F10 from wherever the keys left it.
        try await app.session.resize(columns: 100, rows: 30)
        try await app.session.sendKeys("C-l")
        try await app.waitFor("a full screen after random keys (seed \(seed))") { screen in
            screen.rows.count == 30 && screen.hasBoxDrawing
        }
        try await app.session.sendKeys("F10")
        #expect(try await app.session.waitForExit() == 0, "seed \(seed)")
        #expect(app.session.terminalSettingsBefore == app.session.terminalSettingsAfter)
    }

    /// Whether a row is the message, or the message cut to the width with "…".
    private func fitsMessage(_ row: String, _ message: String) -> Bool {
        let text = row.trimmingCharacters(in: .whitespaces)
        if text == message { return true }
        guard text.hasSuffix("…") else { return false }
        let kept = text.dropLast()
        return !kept.isEmpty && message.hasPrefix(kept)
    }
}

/// A small seeded generator, so a failing run can be told apart and its seed reported.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D4_9BB3_1133_D049
        return z ^ (z >> 31)
    }
}
