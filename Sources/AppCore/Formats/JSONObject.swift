/// A JSON object: members in the order they were read or built, looked up by key.
///
/// Keys are unique. Setting a key that is present replaces its value in place (the member
/// keeps its position); a new key goes at the end; `nil` removes. The reader does the same
/// with a key that appears twice in one object — the last value wins, in the first one's
/// place — and names every such key (`JSON.Reading.duplicates`) so that the files' code can
/// report it and keep the old content aside: nothing is dropped silently.
///
/// Lookup is a linear scan: the objects the app reads and writes have tens of members, where
/// a scan beats hashing, and the order must be kept anyway.
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    public typealias Member = (key: String, value: JSON)

    public private(set) var members: [Member]

    public init() { members = [] }

    /// Members in this order; a repeated key keeps the first position and the last value.
    public init(_ pairs: [(String, JSON)]) {
        members = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// `["a": .int(1), "b": .null]` keeps the written order (a dictionary literal has one).
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }

    /// `[("a", .int(1)), ("b", .null)]`: the command line builds its fields as pairs.
    public init(arrayLiteral elements: (String, JSON)...) {
        self.init(elements)
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    public subscript(key: String) -> JSON? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, value?): members[index].value = value
            case let (index?, nil): members.remove(at: index)
            case let (nil, value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    /// Same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
