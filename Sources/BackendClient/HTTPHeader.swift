/// One request header. Kept as an ordered list because header names are case-insensitive
/// and a dictionary would silently merge or reorder them.
public struct HTTPHeader: Equatable, Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, the form libcurl's header list takes.
    public var line: String { "\(name): \(value)" }

    public func hasName(_ other: String) -> Bool {
        name.lowercased() == other.lowercased()
    }
}

extension Array where Element == HTTPHeader {
    public func value(for name: String) -> String? {
        first { $0.hasName(name) }?.value
    }
}
