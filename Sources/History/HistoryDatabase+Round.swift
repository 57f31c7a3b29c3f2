import AppCore

extension HistoryDatabase {
    /// Keeps probe results for the round in flight: the server in use (tested by connectivity
    /// on its own schedule), the round's other servers and their confirming re-tests arrive
    /// apart, and each write transaction costs a WAL append, a lock and a commit. `commitRound`
    /// writes them all in one transaction (SPEC §13: idle while recording). Nothing touches the
    /// file here. Results are kept in arrival order, which is time order per server (`record`).
    public func stage(_ samples: [ProbeSample]) {
        staged += samples
    }

    /// How many results `stage` holds (the rows a failed `commitRound` would not record).
    public var stagedCount: Int { staged.count }

    /// Writes the staged results in one transaction (`record`) and forgets them, written or
    /// not: a failure throws as `record` does, and its rows are the caller's to count (history
    /// never retries a round: the next round's results stand for the time since).
    public func commitRound() throws(HistoryProblem) {
        guard !staged.isEmpty else { return }
        let samples = staged
        staged.removeAll(keepingCapacity: true)
        try record(samples)
    }
}
