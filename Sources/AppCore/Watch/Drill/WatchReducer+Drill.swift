/// The watch's part of a drill (SPEC §16): the drill is read like the mutes; the recorder takes
/// it up, marks its first alert and its fallback, ends it when its time is up, and closes one
/// a stopped recorder left open. Each change is applied to this process's view at once and
/// written to drills.json by the runtime (`changeDrill`), which every process reads back.
extension WatchReducer {
    static func reduceDrill(_ watch: inout WatchState, _ event: AppEvent) -> [AppEffect] {
        switch event {
        case let .drillsRead(log, at):
            watch.drills = log
            return drillUpkeep(&watch, at: at)
        case .drillTimerFired(let at):
            return drillUpkeep(&watch, at: at)
        case let .watchStarted(_, isRecording, _, _, _, _, at):
            guard isRecording else { return drillTimer(watch, at: at) }
            return changeDrill(.closeLeftOpen(at: at), in: &watch, at: at) + drillUpkeep(&watch, at: at)
        case .recordingTakenOver(_, _, _, let at):
            return changeDrill(.closeLeftOpen(at: at), in: &watch, at: at) + drillUpkeep(&watch, at: at)
        default:
            return []
        }
    }

    /// The recorder takes up the drill in force and ends the one whose time is up; every
    /// process keeps a timer for the end (its screen stops saying 訓練中 then).
    static func drillUpkeep(_ watch: inout WatchState, at: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        if watch.isRecording, let open = watch.drills.open {
            if at >= open.until {
                effects += changeDrill(.expire(at: at), in: &watch, at: at)
            } else if open.takenUpBy == nil {
                effects += changeDrill(.takeUp(by: watch.role.rawValue), in: &watch, at: at)
            }
        }
        return effects + drillTimer(watch, at: at)
    }

    static func drillTimer(_ watch: WatchState, at: Double) -> [AppEffect] {
        guard let open = watch.drills.open, open.until > at else { return [] }
        return [.scheduleDrillEnd(after: open.until - at)]
    }

    /// `change` applied to this process's view now, and to drills.json by the runtime; nothing
    /// when it changes nothing.
    static func changeDrill(_ change: DrillChange, in watch: inout WatchState, at: Double) -> [AppEffect] {
        guard case .success(let log) = change.applied(to: watch.drills, now: at), log != watch.drills else { return [] }
        watch.drills = log
        return [.changeDrill(change)]
    }

    /// An alert about what the drill caused: marked, and with a ledger key of its own.
    static func drillMarked(_ event: AlertEvent, _ drill: Bool) -> AlertEvent {
        guard drill else { return event }
        var marked = event
        marked.drill = true
        marked.ledgerKey = AlertEvent.drillKeyPrefix + event.ledgerKey
        return marked
    }

    /// The first alert of the drill in force goes into its record.
    static func markFirstDrillAlert(_ effects: [AppEffect], in watch: inout WatchState, at: Double) -> [AppEffect] {
        guard watch.drills.open?.firstAlert == nil,
              let first = effects.lazy.compactMap({ effect -> AlertEvent? in
                  if case .sendAlert(let event) = effect, event.drill { return event }
                  return nil
              }).first else { return [] }
        return changeDrill(.firstAlert(at: at, event: first.kind.rawValue), in: &watch, at: at)
    }
}
