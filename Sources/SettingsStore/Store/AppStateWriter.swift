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
        /// What successful writes since the last `flush()` said (a copy kept aside).
        var kept: [FileProblem] = []
        /// What the file held after the last successful write.
        var left: RegularFile.Contents?
    }

    private let file: AppStateFile
    private let queue = DispatchQueue(label: "verbumcare.app-state-writer", qos: .utility)
    private let state = Mutex(Queue())
    private let onFailure: @Sendable (_ problem: FileProblem) -> Void
    private let onKept: @Sendable (_ problems: [FileProblem]) -> Void
    /// Called on the writer's queue when the last write is done and nothing waits: `isBusy`
    /// has just become false (after `onFailure` or `onKept`, if either was called).
    private let onIdle: @Sendable () -> Void

    init(file: AppStateFile, onFailure: @escaping @Sendable (_ problem: FileProblem) -> Void,
         onKept: @escaping @Sendable (_ problems: [FileProblem]) -> Void = { _ in },
         onIdle: @escaping @Sendable () -> Void = {}) {
        self.file = file
        self.onFailure = onFailure
        self.onKept = onKept
        self.onIdle = onIdle
    }

    var path: String { file.path }

    /// Something is waiting to be written or being written: the file on disk may still hold
    /// an older state of ours.
    var isBusy: Bool {
        state.withLock { $0.pending != nil || $0.writing }
    }

    /// What the file held after the last successful write (its identity and bytes): when it
    /// still holds that, the watcher's report was of our own save.
    var lastLeft: RegularFile.Contents? {
        state.withLock { $0.left }
    }

    func enqueue(_ snapshot: PersistedAppState) {
        let alreadyScheduled = state.withLock { queued in
            defer { queued.pending = snapshot }
            return queued.pending != nil
        }
        guard !alreadyScheduled else { return }
        queue.async { self.writePending() }
    }

    /// Waits for every enqueued write; returns the first failure since the last flush, and what
    /// the successful writes said (copies kept aside).
    func flush() -> (failure: FileProblem?, kept: [FileProblem]) {
        queue.sync {}
        return state.withLock { queued in
            defer {
                queued.failure = nil
                queued.kept = []
            }
            return (queued.failure, queued.kept)
        }
    }

    private func writePending() {
        guard let snapshot = state.withLock({ queued -> PersistedAppState? in
            defer { queued.pending = nil }
            queued.writing = queued.pending != nil
            return queued.pending
        }) else { return }
        defer {
            // A snapshot enqueued meanwhile has its own write queued, which says idle after it.
            let isIdle = state.withLock { queued in
                queued.writing = false
                return queued.pending == nil
            }
            if isIdle { onIdle() }
        }
        do {
            let (problems, left) = try file.saveTelling(snapshot)
            state.withLock { $0.left = left }
            if !problems.isEmpty {
                state.withLock { $0.kept += problems }
                onKept(problems)
            }
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
