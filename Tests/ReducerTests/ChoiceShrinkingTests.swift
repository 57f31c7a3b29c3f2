import PropertyBased
import Synchronization
import Testing
import TestSupport

/// The shrinking that every hand-written generator gets from `shrinking { rng in … }`
/// (TestSupport/ChoiceSequence.swift), run through the property library as the stories use it:
/// a property that fails must be reported with a short, plain counterexample, not the random
/// one first found.
@Suite("Shrinking of the hand-written generators", .shrinking)
struct ChoiceShrinkingTests {
    /// Up to 40 numbers below 1,000: what a story generator does (a length, then its steps).
    static let lists = shrinking { rng in
        (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int.random(in: 0...999, using: &rng) }
    }

    /// The input the library reported for a failure, from its "occured with input […]" words.
    static func reportedInput(_ issues: [String]) -> [Int]? {
        for text in issues {
            guard let start = text.range(of: "with input [")?.upperBound,
                  let end = text[start...].firstIndex(of: "]") else { continue }
            let numbers = text[start..<end].split(separator: ",").map { $0.filter { !$0.isWhitespace } }
            return numbers.compactMap { Int($0) }
        }
        return nil
    }

    @Test("a list with a number of 500 or more shrinks to that one number among zeros")
    func aFailingListShrinksToOneNumber() async {
        let issues = Mutex<[String]>([])
        await withKnownIssue {
            await propertyCheck(count: 100, input: Self.lists) { list in
                #expect(list.allSatisfy { $0 < 500 })
            }
        } matching: { issue in
            issues.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        let reported = Self.reportedInput(issues.withLock { $0 })
        // Every other number was made the simplest (0).
        #expect(reported?.filter { $0 >= 500 }.count == 1, "\(issues.withLock { $0 })")
        #expect(reported?.filter { $0 < 500 }.allSatisfy { $0 == 0 } == true, "\(String(describing: reported))")
    }

    @Test("a recorded value keeps exactly the choices it drew, and replaying them gives it back")
    func recordingKeepsExactlyWhatWasDrawn() {
        var seed = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            var recorder: any SeededRandomNumberGenerator = ChoiceSequence.recording(from: &seed)
            let count = Int.random(in: 0...40, using: &recorder)
            let values = (0..<count).map { _ in Int.random(in: 0...999, using: &recorder) }
            let recorded = (recorder as? ChoiceSequence)?.recorded ?? []
            // One draw per number here (a range of 1,000 is never drawn again by Lemire's method
            // but with a chance of 1,000 in 2^64).
            #expect(recorded.count == count + 1)
            var replay: any SeededRandomNumberGenerator = ChoiceSequence(recorded)
            let again = (0..<Int.random(in: 0...40, using: &replay)).map { _ in Int.random(in: 0...999, using: &replay) }
            #expect(again == values)
        }
    }
}
