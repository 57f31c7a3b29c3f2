/// A JSON object: members in the order they were read or built, looked up by key.
///
/// Keys are unique. Setting a key that is present replaces its value in place (the member
/// keeps its position); a new key goes at the end; `nil` removes. The reader does the same
/// with a key that appears twice in one object — the last value wins, in the first one's
/// place — and names every such key (`JSON.Reading.duplicates`) so that the files' code can
/// report it and keep the old content aside: nothing is dropped silently.
///
/// Lookups go through an index from key to position, so reading an object of n members costs
/// n lookups, not n² comparisons (a 1 MiB file or body can hold 100,000 members).
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    public typealias Member = (key: String, value: JSON)

    public private(set) var members: [Member]
    /// Position of each key in `members`.
    private var positions: [String: Int]

    public init() {
        members = []
        positions = [:]
    }

    /// Members in this order; a repeated key keeps the first position and the last value.
    public init(_ pairs: [(String, JSON)]) {
        self.init()
        members.reserveCapacity(pairs.count)
        positions.reserveCapacity(pairs.count)
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
        get { positions[key].map { members[$0].value } }
        set {
            switch (positions[key], newValue) {
            case let (index?, value?):
                members[index].value = value
            case let (index?, nil):
                members.remove(at: index)
                positions[key] = nil
                for later in index..<members.count { positions[members[later].key] = later }
            case let (nil, value?):
                positions[key] = members.count
                members.append((key, value))
            case (nil, nil):
                break
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
