import TerminalRendering

/// Turns the renderer's changes into the bytes a terminal needs, from terminfo capabilities.
///
/// The app writes its frames itself rather than through ncurses' screen update because ncurses
/// measures characters with the C library's `wcwidth`, which counts East Asian Ambiguous
/// characters (box drawing, `●`, `✓`, `…`) as one cell. A terminal set up for CJK (xterm's
/// `-cjk_width`, `VERBUMCARE_AMBIGUOUS_WIDE=1`) draws them two cells wide, so ncurses' idea of
/// the cursor drifts from the terminal's and rows shift. Here every run starts with an absolute
/// cursor address and cells are measured by the renderer's own width table, so layout, drawing
/// and diff use one measure. ncurses still sets the terminal up, reads keys and restores it.
public struct FrameEncoder: Sendable {
    public let capabilities: TerminalCapabilities
    public let colorMode: ColorMode
    /// A light background gets the palette's darker inks.
    public let background: TerminalBackground

    /// The bytes of every style (`attributes`), by `styleIndex`: a style change in a frame is
    /// an array read, where a memo behind a lock hashed the style each time (issue 26). Six
    /// colours times sixteen sets of attributes, made once with the encoder.
    private let styles: [[UInt8]]

    public init(capabilities: TerminalCapabilities, colorMode: ColorMode, background: TerminalBackground = .dark) {
        self.capabilities = capabilities
        self.colorMode = colorMode
        self.background = background
        var styles: [[UInt8]] = []
        styles.reserveCapacity(SemanticColor.allCases.count * Self.attributeSets)
        for color in SemanticColor.allCases {
            // The colour's sequence once per colour (tparm), not once per style.
            let ink = Palette.ink(for: color, mode: colorMode, background: background)
            var foregroundBytes: [UInt8] = []
            if let number = ink.foreground, number < capabilities.colors, let foreground = capabilities.foreground {
                foregroundBytes = foreground(number)
            }
            for raw in 0..<Self.attributeSets {
                styles.append(Self.attributes(TextAttributes(rawValue: UInt8(raw)), ink: ink,
                                              foreground: foregroundBytes, capabilities: capabilities))
            }
        }
        self.styles = styles
    }

    /// Every combination of the four attributes (`TextAttributes`' bits).
    private static let attributeSets = 16

    /// The bytes for `changes` on a screen of `size`, then the cursor: shown at `cursor`, or hidden.
    public func encode(_ changes: [BufferChange], size: (width: Int, height: Int), cursor: Point?) -> [UInt8] {
        var out: [UInt8] = []
        encode(changes, size: size, cursor: cursor, into: &out)
        return out
    }

    /// `encode` appended to `out` (the frame's bytes so far), with no array of its own to copy.
    public func encode(_ changes: [BufferChange], size: (width: Int, height: Int), cursor: Point?, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + changes.count * 32)
        if !changes.isEmpty, let hide = capabilities.hideCursor {
            out += hide
        }
        var current: Style?
        for change in changes {
            switch change {
            case .resize:
                out += capabilities.resetAttributes
                out += capabilities.clearScreen
                current = .plain
            case let .run(x, y, cells):
                capabilities.moveCursor.append(row: y, column: x, to: &out)
                var column = x
                for cell in cells {
                    defer { column += 1 }
                    if cell.isContinuation { continue }
                    if !capabilities.safeLastCell && y == size.height - 1 && column + Int(cell.width) >= size.width {
                        continue
                    }
                    if cell.style != current {
                        out += attributes(cell.style)
                        current = cell.style
                    }
                    if cell.isEmpty {
                        out.append(0x20)
                    } else {
                        cell.appendContent(to: &out)
                    }
                }
            }
        }
        if current != nil && current != .plain {
            out += capabilities.resetAttributes
        }
        if let cursor {
            capabilities.moveCursor.append(row: cursor.y, column: cursor.x, to: &out)
            out += capabilities.showCursor ?? []
        } else if changes.isEmpty, let hide = capabilities.hideCursor {
            out += hide
        }
    }

    /// Resets, then sets the style's attributes and the palette's colour for it.
    func attributes(_ style: Style) -> [UInt8] {
        let raw = Int(style.attributes.rawValue)
        guard raw < Self.attributeSets else {
            // Bits no attribute has: what the table's entry for the known bits says.
            return attributes(Style(color: style.color, attributes: style.attributes.intersection([.bold, .dim, .reverse, .underline])))
        }
        return styles[Int(style.color.rawValue) * Self.attributeSets + raw]
    }

    private static func attributes(_ attributes: TextAttributes, ink: Palette.Ink, foreground: [UInt8],
                                   capabilities: TerminalCapabilities) -> [UInt8] {
        var out = capabilities.resetAttributes
        let wanted = attributes.union(ink.attributes)
        if wanted.contains(.bold), let bold = capabilities.bold { out += bold }
        if wanted.contains(.dim), let dim = capabilities.dim { out += dim }
        if wanted.contains(.reverse), let reverse = capabilities.reverse { out += reverse }
        if wanted.contains(.underline), let underline = capabilities.underline { out += underline }
        out += foreground
        return out
    }
}
