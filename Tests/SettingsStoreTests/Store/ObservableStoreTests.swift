import PropertyBased
import Testing
@testable import SettingsStore

private struct Pair: Equatable, Sendable {
    var a = 0
    var b = 0
}

@MainActor
@Suite("ObservableStore")
struct ObservableStoreTests {
    @Test func setStateMutatesInPlaceAndGetStateSeesIt() {
        let store = ObservableStore(Pair())
        store.setState { $0.a = 5 }
        #expect(store.getState() == Pair(a: 5, b: 0))
        store.setState(Pair(a: 1, b: 2))
        #expect(store.getState() == Pair(a: 1, b: 2))
    }

    @Test func listenerFiresOnlyWhenItsSliceChangesWithNewAndOld() {
        let store = ObservableStore(Pair())
        var calls: [(Int, Int)] = []
        let handle = store.subscribe({ $0.a }) { new, old in calls.append((new, old)) }
        store.setState { $0.b = 1 }
        #expect(calls.isEmpty)
        store.setState { $0.a = 3 }
        store.setState { $0.a = 3 }
        store.setState { $0.a = 7 }
        #expect(calls.map(\.0) == [3, 7])
        #expect(calls.map(\.1) == [0, 3])
        handle.cancel()
    }

    @Test func unchangedStateCallsNoListener() {
        let store = ObservableStore(Pair(a: 1, b: 1))
        var count = 0
        let handle = store.subscribe { _, _ in count += 1 }
        store.setState { $0.a = 1 }
        store.setState(Pair(a: 1, b: 1))
        #expect(count == 0)
        store.setState { $0.b = 2 }
        #expect(count == 1)
        handle.cancel()
    }

    @Test func subscribersAreCalledInSubscriptionOrder() {
        let store = ObservableStore(Pair())
        var log: [String] = []
        var handles: [StoreSubscription] = []
        for name in ["first", "second", "third"] {
            store.subscribe({ $0.a }) { new, _ in log.append("\(name)\(new)") }.store(in: &handles)
        }
        store.setState { $0.a = 1 }
        store.setState { $0.a = 2 }
        #expect(log == ["first1", "second1", "third1", "first2", "second2", "third2"])
    }

    @Test func equalityFunctionDecidesWhatIsAChange() {
        let store = ObservableStore(Pair())
        var calls: [(Int, Int)] = []
        // Same tens digit counts as unchanged.
        let handle = store.subscribe({ $0.a }, equality: { $0 / 10 == $1 / 10 }) { new, old in
            calls.append((new, old))
        }
        store.setState { $0.a = 5 }
        store.setState { $0.a = 9 }
        #expect(calls.isEmpty)
        store.setState { $0.a = 12 }
        // The last delivered slice is still 0: suppressed values never become `old`.
        #expect(calls.count == 1)
        #expect(calls.first.map { [$0.0, $0.1] } == [12, 0])
        handle.cancel()
    }

    @Test func fireImmediatelyCallsOnceWithTheCurrentSlice() {
        let store = ObservableStore(Pair(a: 4, b: 0))
        var immediate: [(Int, Int)] = []
        var later: [(Int, Int)] = []
        let first = store.subscribe({ $0.a }, fireImmediately: true) { new, old in immediate.append((new, old)) }
        let second = store.subscribe({ $0.a }) { new, old in later.append((new, old)) }
        #expect(immediate.count == 1)
        #expect(immediate.first.map { [$0.0, $0.1] } == [4, 4])
        #expect(later.isEmpty)
        first.cancel()
        second.cancel()
    }

    @Test func cancelStopsTheListener() {
        let store = ObservableStore(Pair())
        var count = 0
        let handle = store.subscribe({ $0.a }) { _, _ in count += 1 }
        store.setState { $0.a = 1 }
        handle.cancel()
        handle.cancel()
        store.setState { $0.a = 2 }
        #expect(count == 1)
        #expect(handle.isCancelled)
        #expect(store.subscriberCount == 0)
    }

    @Test func releasingTheHandleEndsTheSubscription() {
        let store = ObservableStore(Pair())
        var count = 0
        var handle: StoreSubscription? = store.subscribe({ $0.a }) { _, _ in count += 1 }
        store.setState { $0.a = 1 }
        #expect(handle != nil)
        handle = nil
        store.setState { $0.a = 2 }
        #expect(count == 1)
        #expect(store.subscriberCount == 0)
    }

    @Test func cancellingAnotherListenerDuringARoundSkipsIt() {
        let store = ObservableStore(Pair())
        var log: [String] = []
        var second: StoreSubscription?
        let first = store.subscribe({ $0.a }) { new, _ in
            log.append("first\(new)")
            second?.cancel()
        }
        second = store.subscribe({ $0.a }) { new, _ in log.append("second\(new)") }
        let third = store.subscribe({ $0.a }) { new, _ in log.append("third\(new)") }
        store.setState { $0.a = 1 }
        store.setState { $0.a = 2 }
        #expect(log == ["first1", "third1", "first2", "third2"])
        first.cancel()
        third.cancel()
    }

    @Test func aListenerCancellingItselfIsNotCalledAgain() {
        let store = ObservableStore(Pair())
        var log: [Int] = []
        var handle: StoreSubscription?
        handle = store.subscribe({ $0.a }) { new, _ in
            log.append(new)
            handle?.cancel()
        }
        let other = store.subscribe({ $0.a }) { new, _ in log.append(100 + new) }
        store.setState { $0.a = 1 }
        store.setState { $0.a = 2 }
        #expect(log == [1, 101, 102])
        other.cancel()
    }

    @Test func nestedSetStateIsDeliveredAfterTheCurrentRound() {
        let store = ObservableStore(Pair())
        var log: [String] = []
        var seenInsideSecond: [Int] = []
        let first = store.subscribe({ $0.a }) { new, old in
            log.append("first \(old)→\(new)")
            if new == 1 { store.setState { $0.a = 2 } }
        }
        let second = store.subscribe({ $0.a }) { new, old in
            log.append("second \(old)→\(new)")
            seenInsideSecond.append(store.getState().a)
        }
        store.setState { $0.a = 1 }
        #expect(log == ["first 0→1", "second 0→1", "first 1→2", "second 1→2"])
        // The nested change was applied at once, before its round was delivered.
        #expect(seenInsideSecond == [2, 2])
        #expect(store.getState().a == 2)
        first.cancel()
        second.cancel()
    }

    @Test func aSubscriberAddedDuringARoundStartsAfterIt() {
        let store = ObservableStore(Pair())
        var late: [(Int, Int)] = []
        var lateHandle: StoreSubscription?
        let first = store.subscribe({ $0.a }) { _, _ in
            if lateHandle == nil {
                lateHandle = store.subscribe({ $0.a }) { new, old in late.append((new, old)) }
            }
        }
        store.setState { $0.a = 1 }
        #expect(late.isEmpty)
        store.setState { $0.a = 2 }
        #expect(late.count == 1)
        #expect(late.first.map { [$0.0, $0.1] } == [2, 1])
        first.cancel()
        lateHandle?.cancel()
    }

    /// Random changes, some made by listeners from inside rounds: every listener's calls form
    /// one chain (each `old` is the previous `new`), never repeat a value, and end at the
    /// final state; all listeners see the same sequence.
    @Test func listenersSeeConsistentChainsUnderNestedChanges() async {
        let operations = zip(Gen.int(in: 0...3), Gen.int(in: 0...3)).array(of: 1...30)
        await propertyCheck(input: operations) { ops in
            let store = ObservableStore(Pair())
            var chains: [[(Int, Int)]] = [[], [], []]
            var handles: [StoreSubscription] = []
            for index in 0..<3 {
                store.subscribe({ $0.a }) { new, old in
                    chains[index].append((new, old))
                    // The middle listener reacts to some values by changing b and a again.
                    if index == 1, new == 3 { store.setState { $0.a = 0; $0.b += 1 } }
                }.store(in: &handles)
            }
            for (a, b) in ops {
                store.setState { $0.a = a; $0.b += b }
            }
            let finalA = store.getState().a
            for chain in chains {
                var previous = 0
                for (new, old) in chain {
                    #expect(old == previous)
                    #expect(new != old)
                    previous = new
                }
                #expect(previous == finalA)
            }
            #expect(chains[0].map(\.0) == chains[2].map(\.0))
            #expect(chains[0].map(\.0) == chains[1].map(\.0))
        }
    }
}
