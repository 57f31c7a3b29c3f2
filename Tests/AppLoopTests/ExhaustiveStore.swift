import SettingsStore
import Testing

/// The one reducer under test, exhaustively: every event's change of the whole state must be
/// the change the test describes, and every effect the reducer asks for must be taken by the
/// test (`receive`) before the next event, or the test fails. In the manner of
/// swift-composable-architecture's `TestStore`.
struct ExhaustiveStore {
    private(set) var state: AppState
    private(set) var effects: [AppEffect] = []

    init(_ state: AppState) {
        self.state = state
    }

    /// Sends `event`; `change` describes what it does to the state (nothing, when omitted).
    mutating func send(_ event: AppEvent, sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout AppState) -> Void = { _ in }) {
        #expect(effects.isEmpty, "effects nobody expected before \(event.name): \(effects)", sourceLocation: sourceLocation)
        var expected = state
        change(&expected)
        effects = AppReducer.reduce(&state, event)
        if state != expected {
            Issue.record("\(event.name) changed the state otherwise than expected:\n\(Self.difference(expected, state))",
                         sourceLocation: sourceLocation)
            state = expected
        }
    }

    /// Takes the first effect that `matches`; fails when there is none.
    @discardableResult
    mutating func receive(sourceLocation: SourceLocation = #_sourceLocation,
                          _ matches: (AppEffect) -> Bool) -> AppEffect? {
        guard let index = effects.firstIndex(where: matches) else {
            Issue.record("no such effect among \(effects)", sourceLocation: sourceLocation)
            return nil
        }
        return effects.remove(at: index)
    }

    /// Every effect was accounted for.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(effects.isEmpty, "effects nobody expected: \(effects)", sourceLocation: sourceLocation)
    }

    /// The fields that differ, by their printed value.
    static func difference(_ expected: AppState, _ actual: AppState) -> String {
        let left = Mirror(reflecting: expected.settings).children
        let right = Dictionary(uniqueKeysWithValues: Mirror(reflecting: actual.settings).children.compactMap { child in
            child.label.map { ($0, "\(child.value)") }
        })
        var lines: [String] = []
        for child in left {
            guard let label = child.label, let other = right[label], other != "\(child.value)" else { continue }
            lines.append("settings.\(label): expected \(child.value)\n   got \(other)")
        }
        if expected.screen != actual.screen {
            lines.append("screen: expected \(expected.screen)\n   got \(actual.screen)")
        }
        return lines.joined(separator: "\n")
    }
}
