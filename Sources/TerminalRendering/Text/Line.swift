/// One line of styled text: spans drawn one after another.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span]) {
        self.spans = spans
    }

    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var text: String { spans.map(\.text).joined() }

    public func width(_ metrics: DisplayWidth) -> Int {
        spans.reduce(0) { $0 + metrics.width(of: $1.text) }
    }

    public static func + (lhs: Line, rhs: Line) -> Line {
        Line(lhs.spans + rhs.spans)
    }

    /// The line cut at a cluster boundary to fit `limit` columns, ending in `ellipsis` (in the
    /// style of the span it cut) when something was left out; the rule of `DisplayWidth.truncate`.
    public func truncated(toWidth limit: Int, metrics: DisplayWidth, ellipsis: String = "…") -> Line {
        guard limit > 0 else { return Line([]) }
        if width(metrics) <= limit {
            return self
        }
        let ellipsisWidth = metrics.width(of: ellipsis)
        let room = ellipsisWidth > limit ? limit : limit - ellipsisWidth
        var kept: [Span] = []
        var used = 0
        for span in spans {
            let (piece, pieceWidth) = metrics.prefix(of: span.text, fitting: room - used)
            let complete = piece.endIndex == span.text.endIndex
            if !piece.isEmpty {
                kept.append(Span(String(piece), style: span.style))
            }
            used += pieceWidth
            if !complete {
                if ellipsisWidth <= limit {
                    kept.append(Span(ellipsis, style: span.style))
                }
                break
            }
        }
        return Line(kept)
    }
}
