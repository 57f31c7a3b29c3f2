import PropertyBased

/// Shrinking for the hand-written generators, the way Hypothesis does it: a generator draws
/// its random choices from a recorded list of numbers, and the property library shrinks that
/// list (fewer numbers, and numbers replaced by `simplest`). Every draw past the end of the list
/// reads `simplest`, which the choices read as the simplest answer (`pick` the first item,
/// `int` the lowest value, `chance` no), so a failing story or string shrinks to a short,
/// plain one without each generator writing its own shrinker.
public struct ChoiceSequence: SeededRandomNumberGenerator {
    /// 1, not 0: the standard library draws a number below `n` by multiplying (Lemire's
    /// method) and draws again while the low half of the product is below `2^64 mod n`; 0
    /// would be drawn again forever, 1 gives the lowest value at once.
    public static let simplest: UInt64 = 1

    public struct Seed: Hashable, Sendable {
        public var choices: [UInt64]
        public var position: Int
        public var source: [UInt64]?
    }

    private var choices: [UInt64]
    private var position: Int
    /// While recording: the state of the `Xoshiro` source that extends the list with each draw
    /// past its end (kept as four numbers, so the sequence stays `Hashable`). nil when
    /// replaying: past the end every draw is the simplest.
    private var source: [UInt64]?

    public init(_ choices: [UInt64]) {
        self.choices = choices
        position = 0
    }

    public init?(seed: Seed) {
        choices = seed.choices
        position = seed.position
        source = seed.source
    }

    public init() {
        self.init([])
    }

    /// A sequence that records: every draw is a new random number from a source seeded by
    /// `rng`, kept in `recorded`. One generated value then holds exactly the choices it drew.
    public static func recording(from rng: inout some RandomNumberGenerator) -> ChoiceSequence {
        var sequence = ChoiceSequence([])
        sequence.source = [rng.next(), rng.next(), rng.next(), rng.next()]
        return sequence
    }

    /// The choices drawn so far (recording) or given (replaying).
    public var recorded: [UInt64] { choices }

    public var currentSeed: Seed { Seed(choices: choices, position: position, source: source) }

    public mutating func next() -> UInt64 {
        if position == choices.count, let state = source, state.count == 4 {
            var xoshiro = Xoshiro(seed: (state[0], state[1], state[2], state[3]))
            choices.append(xoshiro.next())
            let after = xoshiro.currentState
            source = [after.0, after.1, after.2, after.3]
        }
        guard position < choices.count else { return Self.simplest }
        defer { position += 1 }
        return choices[position]
    }
}

/// What `shrinking` makes.
public typealias Shrinking<T> = Generator<T, ChoiceShrinks>

/// A generator that shrinks, made from a hand-written one: `make` runs once on a recording
/// sequence, which keeps exactly the random numbers it drew; the property library shrinks
/// that list on a failure, and each candidate list is replayed through `make` (draws past its
/// end read the simplest choice). A value costs two runs of `make`.
public func shrinking<T>(_ make: @escaping @Sendable (inout any SeededRandomNumberGenerator) -> T) -> Shrinking<T> {
    Generator<[UInt64], ChoiceShrinks>(
        run: { rng in
            var recorder: any SeededRandomNumberGenerator = ChoiceSequence.recording(from: &rng)
            _ = make(&recorder)
            return (recorder as? ChoiceSequence)?.recorded ?? []
        },
        shrink: { ChoiceShrinks($0) }
    ).map { list in
        var replay: any SeededRandomNumberGenerator = ChoiceSequence(list)
        return make(&replay)
    }
}

/// Smaller lists of choices, the biggest steps first (the property library takes the first
/// one that still fails and asks again from there): the list cut short (the rest reads as the
/// simplest), then blocks of choices set to the simplest, from half the list down to one
/// choice, then single choices halved (a choice reads the top bits of its number, so a halved
/// number picks a lower item, a shorter length). Choices that do not matter become simplest in
/// the block steps, so only those that do are halved, at most 64 times each.
public struct ChoiceShrinks: Sequence, Sendable {
    let list: [UInt64]

    init(_ list: [UInt64]) {
        // Trailing simplest choices read like the end of the list: no step is spent on them.
        var end = list.count
        while end > 0, list[end - 1] == ChoiceSequence.simplest { end -= 1 }
        self.list = Array(list[..<end])
    }

    public func makeIterator() -> Iterator { Iterator(list: list) }

    public struct Iterator: IteratorProtocol {
        let list: [UInt64]
        /// 0: cut short; 1: blocks made simplest; 2: one choice halved; 3: done.
        var phase = 0
        var size = 0
        var position = 0

        init(list: [UInt64]) {
            self.list = list
            size = list.count / 2
        }

        public mutating func next() -> [UInt64]? {
            while true {
                switch phase {
                case 0:
                    // Prefixes of 0, 1/8, 1/4, 1/2 and 3/4 of the list.
                    let cuts = [0, list.count / 8, list.count / 4, list.count / 2, list.count * 3 / 4]
                    guard position < cuts.count else { phase = 1; position = 0; size = Swift.max(list.count / 2, 1); continue }
                    let cut = cuts[position]
                    position += 1
                    if cut < list.count, position == 1 || cut != cuts[position - 2] { return Array(list[..<cut]) }
                case 1:
                    guard size >= 1, !list.isEmpty else { phase = 2; position = 0; continue }
                    guard position < list.count else { size /= 2; position = 0; continue }
                    let range = position..<Swift.min(position + size, list.count)
                    position += size
                    if list[range].contains(where: { $0 != ChoiceSequence.simplest }) {
                        var candidate = list
                        for index in range { candidate[index] = ChoiceSequence.simplest }
                        return candidate
                    }
                case 2:
                    guard position < list.count else { phase = 3; continue }
                    let index = position
                    position += 1
                    if list[index] > ChoiceSequence.simplest {
                        var candidate = list
                        candidate[index] /= 2
                        return candidate
                    }
                default:
                    return nil
                }
            }
        }
    }
}
