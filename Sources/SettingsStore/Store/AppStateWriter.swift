import Dispatch
import Synchronization

/// Writes app-state.json on a background serial queue, so an action (a language switch has a
/// frame budget well under a millisecond) never waits for fsync. Writes coalesce: when several
/// snapshots arrive while one is being written, only the newest is written next.
final class AppStateWriter: Sendable {
    private struct Queue {
        var pending: PersistedAppState?
        /// A snapshot is being written now.
        var writing = false
        /// The first failure since the last `flush()`.
        var failure: FileProblem?
    }

    private let file: AppStateFile
    private let queue = DispatchQueue(label: "verbumcare.app-state-writer", qos: .utility)
    private let state = Mutex(Queue())
    private let onFailure: @Sendable (_ problem: FileProblem) -> Void

    init(file: AppStateFile, onFailure: @escaping @Sendable (_ problem: FileProblem) -> Void) {
        self.file = file
        self.onFailure = onFailure
    }

    var path: String { file.path }

    /// Something is waiting to be written or being written: the file on disk may still hold
    /// an older state of ours.
    var isBusy: Bool {
        state.withLock { $0.pending != nil || $0.writing }
    }

    func enqueue(_ snapshot: PersistedAppState) {
        let alreadyScheduled = state.withLock { queued in
            defer { queued.pending = snapshot }
            return queued.pending != nil
        }
        guard !alreadyScheduled else { return }
        queue.async { self.writePending() }
    }

    /// Waits for every enqueued write; returns the first failure since the last flush.
    func flush() -> FileProblem? {
        queue.sync {}
        return state.withLock { queued in
            defer { queued.failure = nil }
            return queued.failure
        }
    }

    private func writePending() {
        guard let snapshot = state.withLock({ queued -> PersistedAppState? in
            defer { queued.pending = nil }
            queued.writing = queued.pending != nil
            return queued.pending
        }) else { return }
        defer { state.withLock { $0.writing = false } }
        do {
            try file.save(snapshot)
        } catch {
            // Told in the person's language: why the file could not be written.
            let name = SettingsState.appStateFileName
            let problem = (error as? PersistenceError)?.problem(file: name)
                ?? FileProblem(key: "files.write_failed", parameters: ["file": name, "reason": ErrorReason.text(error)])
            state.withLock { queued in
                if queued.failure == nil { queued.failure = problem }
            }
            onFailure(problem)
        }
    }
}
