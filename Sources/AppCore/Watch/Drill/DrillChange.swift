/// The changes a drill's record goes through, and the rules for each (SPEC §16). Pure: the
/// `drill` command and the recorder apply them to the log read under drills.json's lock
/// (`DrillFile.update`), so two processes never lose each other's change.
public enum DrillChange: Equatable, Sendable {
    /// `drill start`: refused while another drill is open and in force.
    case start(DrillRecord)
    /// `drill ack` or `a`: the first acknowledgement is kept.
    case acknowledge(at: Double, by: String)
    /// `drill end [--note TEXT]`.
    case end(at: Double, note: String?)
    /// The recorder alerted about the drill for the first time.
    case firstAlert(at: Double, event: String)
    /// The recorder saw the app move to another server because of the drill.
    case fallback(at: Double, toServerId: String)
    /// The recorder runs the drill (from now on, a stop leaves it open).
    case takeUp(by: String)
    /// The drill's duration ran out by `at`.
    case expire(at: Double)
    /// A recorder starts: a drill another recorder took up and left open is closed.
    case closeLeftOpen(at: Double)

    public enum Refusal: Error, Equatable, Sendable {
        /// A drill is already running (`drill start`).
        case running(DrillRecord)
        /// No drill is running (`drill ack`, `drill end`).
        case noDrill
    }

    /// `log` after the change at `now`, or why it is refused (then nothing is written). The
    /// recorder's own changes never refuse: one that no longer applies changes nothing.
    public func applied(to log: DrillLog, now: Double) -> Result<DrillLog, Refusal> {
        var log = log
        var index = log.drills.lastIndex { $0.isOpen }
        // A drill a stopped recorder left open is closed as such, also when its time ran out
        // while no recorder ran.
        if case .closeLeftOpen(let at) = self {
            if let open = index, log.drills[open].takenUpBy != nil {
                log.drills[open].end = min(max(at, log.drills[open].start), log.drills[open].until)
                log.drills[open].endedBy = .restart
            }
            return .success(log)
        }
        // A drill past its end that no recorder ended is over whatever comes next.
        if let open = index, now >= log.drills[open].until {
            log.drills[open].end = log.drills[open].until
            log.drills[open].endedBy = .duration
            index = nil
        }
        switch self {
        case .start(let drill):
            if let open = index { return .failure(.running(log.drills[open])) }
            log.drills.append(drill)
        case let .acknowledge(at, by):
            guard let open = index else { return .failure(.noDrill) }
            if log.drills[open].acknowledged == nil {
                log.drills[open].acknowledged = DrillRecord.Acknowledgement(at: at, by: by)
            }
        case let .end(at, note):
            guard let open = index else { return .failure(.noDrill) }
            log.drills[open].end = max(at, log.drills[open].start)
            log.drills[open].endedBy = .command
            if let note { log.drills[open].notes.append(DrillRecord.Note(at: at, text: note)) }
        case let .firstAlert(at, event):
            if let open = index, log.drills[open].firstAlert == nil {
                log.drills[open].firstAlert = DrillRecord.FirstAlert(at: at, event: event)
            }
        case let .fallback(at, toServerId):
            if let open = index, log.drills[open].fallback == nil {
                log.drills[open].fallback = DrillRecord.Fallback(at: at, toServerId: toServerId)
            }
        case .takeUp(let by):
            if let open = index, log.drills[open].takenUpBy == nil { log.drills[open].takenUpBy = by }
        case .expire:
            break // done above for every change
        case .closeLeftOpen:
            break // done above
        }
        return .success(log)
    }
}
