import History
import SettingsStore

/// History read once, from the command line (`history`): a read-only handle, opened and
/// closed in the call. nil when nothing was recorded yet or the file cannot be read (the
/// command says so; it never moves or changes the file).
public enum HistoryReader {
    public static func summary(paths: AppPaths, serverIds: [String], now: Double) -> Result<HistorySummary, HistoryProblem> {
        let path = paths.stateDirectory + "/history.sqlite3"
        let nowMs = Int64(now * 1000)
        switch HistoryDatabase.open(path: path, readOnly: true, now: nowMs) {
        case .failure(let problem):
            return .failure(problem)
        case .success(let database):
            do throws(HistoryProblem) {
                var summary = try database.summary(serverIds: serverIds, now: nowMs)
                summary.at = now
                return .success(summary)
            } catch {
                return .failure(error)
            }
        }
    }

    /// A damaged database (a value out of range, corrupt pages) that no process records into
    /// is moved aside and a new one started, as the recorder would at its next round (SPEC
    /// §15.2): where it went, or nil when a recorder runs (it moves the file itself within a
    /// round: the reader left a mark) or nothing could be moved.
    public static func moveAsideIfUnrecorded(paths: AppPaths, now: Double) -> String? {
        let path = paths.stateDirectory + "/history.sqlite3"
        guard RecorderLock.holder(path: HistoryDatabase.lockPath(forDatabase: path)) == nil,
              case .success(let database) = HistoryDatabase.open(path: path, readOnly: false, now: Int64(now * 1000)) else {
            return nil
        }
        return database.movedAside
    }
}
