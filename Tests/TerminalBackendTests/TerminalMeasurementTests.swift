@testable import TerminalBackend
import TerminalRendering
import Testing

/// SPEC §10.4: what the environment says wins; then the terminal's answers; then COLORFGBG.
@Suite("Terminal measurement")
struct TerminalMeasurementTests {
    static let none = TerminalProbe.Answers(complete: false)

    @Test("the cursor's column after one ambiguous character: 2 narrow, 3 wide, anything else unknown")
    func column() {
        #expect(AmbiguousWidth.fromColumn(2) == false)
        #expect(AmbiguousWidth.fromColumn(3) == true)
        #expect(AmbiguousWidth.fromColumn(1) == nil && AmbiguousWidth.fromColumn(4) == nil)
    }

    @Test("VERBUMCARE_AMBIGUOUS_WIDE=0|1 overrides and is not asked; anything else is no override")
    func widthOverride() {
        let wide = TerminalProbe.Answers(ambiguousWide: true, complete: true)
        #expect(TerminalMeasurement.decide(environment: ["VERBUMCARE_AMBIGUOUS_WIDE": "0"], answers: wide).ambiguous
                == AmbiguousWidth(isWide: false, source: .environment))
        #expect(TerminalMeasurement.decide(environment: ["VERBUMCARE_AMBIGUOUS_WIDE": "yes"], answers: wide).ambiguous
                == AmbiguousWidth(isWide: true, source: .measured))
        #expect(TerminalMeasurement.decide(environment: [:], answers: Self.none).ambiguous
                == AmbiguousWidth(isWide: false, source: .notMeasured))
        #expect(!TerminalMeasurement.questions(environment: ["VERBUMCARE_AMBIGUOUS_WIDE": "1"], term: "xterm").width)
        #expect(TerminalMeasurement.questions(environment: ["VERBUMCARE_AMBIGUOUS_WIDE": ""], term: "xterm").width)
    }

    @Test("background: the override, then OSC 11, then COLORFGBG, else dark; the Linux console is not asked")
    func background() {
        let light = TerminalProbe.Answers(background: .light, complete: true)
        #expect(TerminalMeasurement.decide(environment: ["VERBUMCARE_BACKGROUND": "dark"], answers: light).background == .dark)
        #expect(TerminalMeasurement.decide(environment: ["COLORFGBG": "15;0"], answers: light).background == .light)
        #expect(TerminalMeasurement.decide(environment: ["COLORFGBG": "0;15"], answers: Self.none).background == .light)
        #expect(TerminalMeasurement.decide(environment: ["COLORFGBG": "7;default;0"], answers: Self.none).background == .dark)
        #expect(TerminalMeasurement.decide(environment: [:], answers: nil).background == .dark)
        #expect(TerminalMeasurement.questions(environment: [:], term: "linux")
                == TerminalProbe.Questions(width: true, background: false, synchronizedOutput: false))
        #expect(!TerminalMeasurement.questions(environment: ["VERBUMCARE_BACKGROUND": "Light"], term: "xterm").background)
        #expect(TerminalMeasurement.questions(environment: [:], term: "xterm-256color")
                == TerminalProbe.Questions(width: true, background: true, synchronizedOutput: true))
    }

    @Test("light and dark colours: white, cream, light grey are light; black, navy, Solarized Dark are not")
    func luminance() {
        #expect(TerminalBackground.fromColour(red: 1, green: 1, blue: 1) == .light)
        #expect(TerminalBackground.fromColour(red: 0.99, green: 0.96, blue: 0.89) == .light)
        #expect(TerminalBackground.fromColour(red: 0.75, green: 0.75, blue: 0.75) == .light)
        #expect(TerminalBackground.fromColour(red: 0, green: 0, blue: 0) == .dark)
        #expect(TerminalBackground.fromColour(red: 0, green: 0, blue: 0.5) == .dark)
        #expect(TerminalBackground.fromColour(red: 0, green: 0.17, blue: 0.21) == .dark)
        #expect(TerminalBackground.fromColorFGBG("12;8") == .dark)
        #expect(TerminalBackground.fromColorFGBG("nonsense") == nil)
    }

    @Test("the questions in one write: the character and a report, OSC 11, DECRQM 2026, and DA1 last")
    func query() {
        let text = String(decoding: TerminalProbe.query(.init(width: true, background: true, synchronizedOutput: true)), as: UTF8.self)
        #expect(text == "\u{1B}[1;1H\u{2500}\u{1B}[6n\u{1B}]11;?\u{1B}\\\u{1B}[?2026$p\u{1B}[c")
        let line = String(decoding: TerminalProbe.query(.init(width: true, background: false), onLine: true), as: UTF8.self)
        #expect(line == "\r\u{2500}\u{1B}[6n\u{1B}[c")
        #expect(TerminalProbe.query(.init(width: false, background: false)).isEmpty)
    }

    @Test("the first frame's layout: the override, else what this TERM measured last time, else narrow; answers then win over it")
    func expected() {
        let remembered = TerminalMeasurementCache.Entry(ambiguousWide: true, background: .light)
        let fromCache = TerminalMeasurement.expected(environment: [:], remembered: remembered)
        #expect(fromCache == TerminalMeasurement(ambiguous: AmbiguousWidth(isWide: true, source: .remembered), background: .light))
        #expect(TerminalMeasurement.expected(environment: ["VERBUMCARE_AMBIGUOUS_WIDE": "0"], remembered: remembered).ambiguous
                == AmbiguousWidth(isWide: false, source: .environment))
        #expect(TerminalMeasurement.expected(environment: [:]).ambiguous == AmbiguousWidth(isWide: false, source: .notMeasured))
        let answered = fromCache.applying(TerminalProbe.Answers(ambiguousWide: false, complete: true), environment: [:])
        #expect(answered == TerminalMeasurement(ambiguous: AmbiguousWidth(isWide: false, source: .measured), background: .light))
    }

    @Test("a light background: the 8- and 16-colour palettes use no yellow, green or cyan, and never white")
    func lightPalette() {
        for mode in [ColorMode.basic8, .basic16] {
            for role in SemanticColor.allCases {
                let light = Palette.ink(for: role, mode: mode, background: .light)
                #expect(![2, 3, 6, 7, 10, 11, 14, 15].contains(light.foreground ?? -1), "\(mode) \(role): \(light)")
            }
            // The dark palette has them (so the check above can fail).
            #expect(SemanticColor.allCases.contains { [2, 3, 6].contains(Palette.ink(for: $0, mode: mode).foreground ?? -1) })
        }
        let encoder = FrameEncoder(capabilities: .ansi(colors: 8), colorMode: .basic8, background: .light)
        #expect(String(decoding: encoder.attributes(.colored(.warning)), as: UTF8.self) == "\u{1B}[0m\u{1B}[35m")
    }
}
