@testable import TerminalBackend
import TerminalRendering
import Testing

@Suite("Frame encoder")
struct FrameEncoderTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test("every run starts at an absolute address; a wide character is sent once, its continuation never")
    func runs() {
        var buffer = CellBuffer(width: 10, height: 2, metrics: DisplayWidth(options: .ambiguousWide))
        buffer.write("┌設─", x: 0, y: 1)
        let encoder = FrameEncoder(capabilities: .ansi(), colorMode: .extended256)
        let out = Self.text(encoder.encode(buffer.diff(from: CellBuffer(width: 10, height: 2)), size: (10, 2), cursor: nil))
        #expect(out.contains("\u{1B}[2;1H\u{1B}[0m┌設─"), "\(out.debugDescription)")
        #expect(!out.contains("┌ 設"))
    }

    @Test("8 colours: secondary text is the default colour dimmed, never a colour number the terminal lacks")
    func eightColours() {
        let encoder = FrameEncoder(capabilities: .ansi(colors: 8), colorMode: .basic8)
        let muted = Self.text(encoder.attributes(.colored(.muted)))
        #expect(muted == "\u{1B}[0m\u{1B}[2m", "\(muted.debugDescription)")
        for role in SemanticColor.allCases {
            let ink = Palette.ink(for: role, mode: .basic8)
            #expect((ink.foreground ?? 1) < 8 && ink.foreground != 0 && ink.foreground != 7, "\(role)")
        }
        let wide = FrameEncoder(capabilities: .ansi(colors: 256), colorMode: .extended256)
        #expect(Self.text(wide.attributes(.colored(.muted))).contains("38;5;245"))
    }

    @Test("every style's bytes: the reset, each attribute of the style and its ink, then the ink's colour")
    func everyStyle() {
        var noDim = TerminalCapabilities.ansi(colors: 8)
        noDim.dim = nil
        for capabilities in [TerminalCapabilities.ansi(colors: 256), .ansi(colors: 8), .ansi(colors: 0), noDim] {
            for mode in [ColorMode.none, .basic8, .basic16, .extended256] {
                for background in [TerminalBackground.dark, .light] {
                    let encoder = FrameEncoder(capabilities: capabilities, colorMode: mode, background: background)
                    for color in SemanticColor.allCases {
                        for raw in UInt8(0)..<16 {
                            let style = Style(color: color, attributes: TextAttributes(rawValue: raw))
                            let ink = Palette.ink(for: color, mode: mode, background: background)
                            let wanted = style.attributes.union(ink.attributes)
                            var expected = capabilities.resetAttributes
                            if wanted.contains(.bold) { expected += capabilities.bold ?? [] }
                            if wanted.contains(.dim) { expected += capabilities.dim ?? [] }
                            if wanted.contains(.reverse) { expected += capabilities.reverse ?? [] }
                            if wanted.contains(.underline) { expected += capabilities.underline ?? [] }
                            if let number = ink.foreground, number < capabilities.colors, let foreground = capabilities.foreground {
                                expected += foreground(number)
                            }
                            #expect(encoder.attributes(style) == expected, "\(style) \(mode) \(background)")
                        }
                    }
                }
            }
        }
    }

    @Test("the bottom-right cell is left out on a terminal whose last cell would scroll")
    func lastCell() {
        var capabilities = TerminalCapabilities.ansi()
        capabilities.safeLastCell = false
        var buffer = CellBuffer(width: 3, height: 2)
        buffer.write("abc", x: 0, y: 1)
        let out = Self.text(FrameEncoder(capabilities: capabilities, colorMode: .none)
            .encode(buffer.diff(from: CellBuffer(width: 3, height: 2)), size: (3, 2), cursor: nil))
        #expect(out.contains("ab") && !out.contains("abc"), "\(out.debugDescription)")
    }

    @Test("the cursor is placed and shown last, or hidden")
    func cursor() {
        let encoder = FrameEncoder(capabilities: .ansi(), colorMode: .none)
        #expect(Self.text(encoder.encode([], size: (10, 5), cursor: Point(x: 4, y: 2))).hasSuffix("\u{1B}[3;5H\u{1B}[?25h"))
        #expect(Self.text(encoder.encode([], size: (10, 5), cursor: nil)) == "\u{1B}[?25l")
    }
}

@Suite("Terminal type")
struct TerminalTypeChoiceTests {
    static func probe(_ known: [String: TerminalTypeChoice.Probe]) -> (String) -> TerminalTypeChoice.Probe {
        { known[$0] ?? .missing }
    }

    @Test("unknown xterm-* falls back to xterm-256color, others to ansi; dumb is line mode")
    func fallbacks() {
        let here = Self.probe(["xterm-256color": .screen, "ansi": .screen, "dumb": .cannotAddressCursor, "linux": .screen])
        #expect(TerminalTypeChoice.resolve(term: "xterm-kitty", probe: here) == .screen(type: "xterm-256color", replacing: "xterm-kitty"))
        #expect(TerminalTypeChoice.resolve(term: "alacritty", probe: here) == .screen(type: "ansi", replacing: "alacritty"))
        #expect(TerminalTypeChoice.resolve(term: "linux", probe: here) == .screen(type: "linux", replacing: nil))
        #expect(TerminalTypeChoice.resolve(term: "dumb", probe: here) == .lines(term: "dumb"))
        #expect(TerminalTypeChoice.resolve(term: nil, probe: here) == .screen(type: "ansi", replacing: nil))
        #expect(TerminalTypeChoice.resolve(term: "xterm-kitty", probe: Self.probe([:])) == .lines(term: "xterm-kitty"))
    }

    @Test("this machine's terminfo: dumb cannot address the cursor, xterm can, a made-up name is missing")
    @MainActor
    func realTerminfo() {
        #expect(TerminalTypeChoice.probeTerminfo("dumb") == .cannotAddressCursor)
        #expect(TerminalTypeChoice.probeTerminfo("xterm") == .screen)
        #expect(TerminalTypeChoice.probeTerminfo("verbumcare-no-such-terminal") == .missing)
    }
}

@Suite("Line mode")
struct LineScreenTests {
    @Test("typed lines become keys: each character a key, an empty line Enter, multi-byte split across reads")
    @MainActor
    func decoding() {
        let screen = LineScreen()
        #expect(screen.decode(Array("l\n".utf8)) == [.character("l")])
        #expect(screen.decode(Array("\n".utf8)) == [.enter])
        let bytes = Array("日\n".utf8)
        #expect(screen.decode(Array(bytes.prefix(2))) == [])
        #expect(screen.decode(Array(bytes.dropFirst(2))) == [.character("日")])
        #expect(screen.decode([0x1B, 0x0A]) == [.escape])
    }

    @Test("only news is printed between keys: numbers that tick are not")
    func words() {
        #expect(LineScreen.words("Checked    3 s ago") == LineScreen.words("Checked   14 s ago"))
        #expect(LineScreen.words("Status  Connected") != LineScreen.words("Status  Error"))
    }
}
