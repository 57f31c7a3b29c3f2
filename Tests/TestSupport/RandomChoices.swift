import PropertyBased

/// The small random choices hand-written generators are built from, shared by every test
/// target's generators (`enum XGen: RandomChoices { … pick(…) … }`).
public protocol RandomChoices {}

extension RandomChoices {
    public typealias RNG = any SeededRandomNumberGenerator

    public static func pick<T>(_ items: [T], _ rng: inout RNG) -> T {
        items[Int.random(in: 0..<items.count, using: &rng)]
    }

    /// The simplest draw (`ChoiceSequence`) says no.
    public static func chance(_ probability: Double, _ rng: inout RNG) -> Bool {
        Double.random(in: 0..<1, using: &rng) >= 1 - probability
    }

    public static func int(_ range: ClosedRange<Int>, _ rng: inout RNG) -> Int {
        Int.random(in: range, using: &rng)
    }
}
