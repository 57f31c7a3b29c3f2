/// What the backend needs to draw one cell: attributes and a semantic colour. The rendering
/// layer's styles map onto this; the backend decides the actual colours per `ColorMode`.
public struct TerminalStyle: Equatable, Hashable, Sendable {
    public enum Role: Int, CaseIterable, Sendable {
        case normal = 0, accent, ok, warning, error, muted, badge
    }

    public var role: Role
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(role: Role = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.role = role
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = TerminalStyle()
}
