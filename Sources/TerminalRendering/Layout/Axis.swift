public enum Axis: Hashable, Sendable {
    /// Parts side by side (columns).
    case horizontal
    /// Parts stacked (rows).
    case vertical
}
