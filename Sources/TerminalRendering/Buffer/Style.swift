public struct Style: Hashable, Sendable {
    public var color: SemanticColor
    public var attributes: TextAttributes

    public init(color: SemanticColor = .default, attributes: TextAttributes = []) {
        self.color = color
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let reverse = Style(attributes: .reverse)
    public static let dim = Style(attributes: .dim)

    public static func colored(_ color: SemanticColor, _ attributes: TextAttributes = []) -> Style {
        Style(color: color, attributes: attributes)
    }

    public func adding(_ extra: TextAttributes) -> Style {
        Style(color: color, attributes: attributes.union(extra))
    }

    public func with(color: SemanticColor) -> Style {
        Style(color: color, attributes: attributes)
    }

    /// One character per style for `CellBuffer.styleDump()`: the strongest attribute as a capital
    /// (R reverse, B bold, U underline, D dim), else the colour's initial in lower case
    /// (a accent, o ok, w warning, e error, m muted), else `.`.
    public var maskSymbol: Character {
        if attributes.contains(.reverse) { return "R" }
        if attributes.contains(.bold) { return "B" }
        if attributes.contains(.underline) { return "U" }
        if attributes.contains(.dim) { return "D" }
        switch color {
        case .default: return "."
        case .accent: return "a"
        case .ok: return "o"
        case .warning: return "w"
        case .error: return "e"
        case .muted: return "m"
        }
    }
}
