import Foundation
import Testing
@testable import SettingsStore

/// Issue 25: a fact is kept once in the state. What can be derived is not a stored field
/// another reducer step keeps in line (that copy could drift); the stories' invariants
/// (`ReducerInvariants`) check every derived value against its source after every event.
@Suite("Facts kept once")
struct FactsKeptOnceTests {
    static func storedFields(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    @Test func theWatchKeepsNoCopyOfTheFallback() throws {
        let fields = Self.storedFields(of: WatchState())
        #expect(fields.contains("fallbackStart"), "the mirror sees the watch's fields: \(fields)")
        #expect(!fields.contains("fallback"), "watch.fallback is derived from settings.fallback, not stored: \(fields)")
        let reducer = try String(contentsOf: OneWayForStateTests.sources
            .appendingPathComponent("AppCore/Watch/WatchReducer.swift"), encoding: .utf8)
        #expect(!reducer.contains("followFallback"), "nothing reconciles a copy of the fallback after timed events")
    }
}
