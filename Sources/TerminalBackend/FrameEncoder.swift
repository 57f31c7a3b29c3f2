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

    private let styles = BoundedMemo<Style, [UInt8]>(capacity: 256)

    public init(capabilities: TerminalCapabilities, colorMode: ColorMode, background: TerminalBackground = .dark) {
        self.capabilities = capabilities
        self.colorMode = colorMode
        self.background = background
    }

    /// The bytes for `changes` on a screen of `size`, then the cursor: shown at `cursor`, or hidden.
    public func encode(_ changes: [BufferChange], size: (width: Int, height: Int), cursor: Point?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(changes.count * 32)
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
                out += capabilities.moveCursor(y, x)
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
                    if cell.content.isEmpty {
                        out.append(0x20)
                    } else {
                        out += cell.content.utf8
                    }
                }
            }
        }
        if current != nil && current != .plain {
            out += capabilities.resetAttributes
        }
        if let cursor {
            out += capabilities.moveCursor(cursor.y, cursor.x)
            out += capabilities.showCursor ?? []
        } else if changes.isEmpty, let hide = capabilities.hideCursor {
            out += hide
        }
        return out
    }

    /// Resets, then sets the style's attributes and the palette's colour for it. The same few
    /// styles come back in every frame, and the colour goes through tparm.
    func attributes(_ style: Style) -> [UInt8] {
        styles.value(for: style) { uncachedAttributes(style) }
    }

    private func uncachedAttributes(_ style: Style) -> [UInt8] {
        var out = capabilities.resetAttributes
        let ink = Palette.ink(for: style.color, mode: colorMode, background: background)
        let wanted = style.attributes.union(ink.attributes)
        if wanted.contains(.bold), let bold = capabilities.bold { out += bold }
        if wanted.contains(.dim), let dim = capabilities.dim { out += dim }
        if wanted.contains(.reverse), let reverse = capabilities.reverse { out += reverse }
        if wanted.contains(.underline), let underline = capabilities.underline { out += underline }
        if let color = ink.foreground, color < capabilities.colors, let foreground = capabilities.foreground {
            out += foreground(color)
        }
        return out
    }
}
