import Dispatch
import Foundation

/// Writes app-state.json on a background serial queue, so an action (a language switch has a
/// 2 ms frame budget) never waits for fsync. Writes coalesce: when several snapshots arrive
/// while one is being written, only the newest is written next.
final class AppStateWriter: @unchecked Sendable {
    // @unchecked: `pending` and `failure` are only touched while holding `lock`.
    private let file: AppStateFile
    private let queue = DispatchQueue(label: "verbumcare.app-state-writer", qos: .utility)
    private let lock = NSLock()
    private var pending: PersistedAppState?
    /// The first failure since the last `flush()`.
    private var failure: String?
    private let onFailure: @Sendable (_ reason: String) -> Void

    init(file: AppStateFile, onFailure: @escaping @Sendable (_ reason: String) -> Void) {
        self.file = file
        self.onFailure = onFailure
    }

    var path: String { file.path }

    func enqueue(_ snapshot: PersistedAppState) {
        let alreadyScheduled = lock.withLock {
            defer { pending = snapshot }
            return pending != nil
        }
        guard !alreadyScheduled else { return }
        queue.async { self.writePending() }
    }

    /// Waits for every enqueued write; returns the first failure since the last flush.
    func flush() -> String? {
        queue.sync {}
        return lock.withLock {
            defer { failure = nil }
            return failure
        }
    }

    private func writePending() {
        guard let snapshot = lock.withLock({ () -> PersistedAppState? in
            defer { pending = nil }
            return pending
        }) else { return }
        do {
            try file.save(snapshot)
        } catch {
            let reason = String(describing: error)
            lock.withLock {
                if failure == nil { failure = reason }
            }
            onFailure(reason)
        }
    }
}
