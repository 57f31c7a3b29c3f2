/// The marks in front of list rows: the chosen item and the others.
public struct ListMarkers: Hashable, Sendable {
    public var chosen: String
    public var other: String

    public init(chosen: String, other: String) {
        self.chosen = chosen
        self.other = other
    }

    public static let radio = ListMarkers(chosen: "●", other: "○")
    /// `--plain` and monochrome-friendly.
    public static let ascii = ListMarkers(chosen: "(*)", other: "( )")
    public static let none = ListMarkers(chosen: "", other: "")
}
