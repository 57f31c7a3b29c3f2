public enum TextAlignment: Hashable, Sendable {
    case left, center, right
}
