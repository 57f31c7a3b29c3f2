/// The watch slice of the app's state (SPEC §15): what the recording process knows of every
/// server's health over time, and what its alerts have said. The monitor and the interactive
/// app run the same slice; only the process that records (`isRecording`) opens incidents and
/// alerts. Changed only by `WatchReducer`.
public struct WatchState: Equatable, Sendable {
    /// Who this process is: the monitor (tests every server each round) or the app.
    public enum Role: String, Sendable {
        case monitor
        case app
    }

    public var role: Role
    /// This process holds the recorder lock: it writes history and sends alerts.
    public var isRecording = false
    /// Who records when this process does not (for the screen), e.g. "monitor (pid 4242)".
    public var recorder: Recorder?
    /// What is wrong with `recorder.lock` (a link, a folder, another user's file, a special file,
    /// held by another program), when this process found it so: reported on the screen, in the
    /// log and by `doctor`. Recording and alerting go on (the state folder's lock decides).
    public var lockProblem: String?
    /// By server id.
    public var servers: [String: ServerWatch] = [:]
    public var mutes = MuteList()
    /// drills.json as last read, with this process's own changes applied at once (SPEC §16).
    public var drills = DrillLog()
    /// The history database's figures and incidents, as last read (nil: none yet).
    public var history: HistorySummary?
    /// The round in flight: its number. Every round tests every known server that connectivity
    /// does not already test (the server in use, and the configured one during a fallback).
    public var round = 0
    /// The round's tests are under way (from `testServers` to the round's end): a monitor asked
    /// to stop waits for them.
    public var roundInFlight = false
    /// A monitor round whose other servers are done but whose server in use has no settled
    /// result yet: `roundFinished` waits for it (the textfile and `--once` need every server).
    public var heldRoundFinish: Int?
    /// The monitor was asked to stop: it stops once the round in flight is done.
    public var stopRequested = false
    /// When retention last ran (seconds since 1970).
    public var lastPrune: Double?
    /// Each alert target's last outcome (hooks by path, webhooks by URL).
    public var lastOutcomes: [AlertTarget: AlertOutcome] = [:]
    /// What the watch adds to `settings.fallback` (the one record of the fallback, which it
    /// never copies): when the spell began and whether a drill caused it, or the spell the last
    /// recorder left open. The spell itself is `fallback(settings:)`.
    public var fallbackStart: FallbackStart?
    /// The fallback as last alerted.
    public var alertedFallback: FallbackSpell?
    /// A fallback that ended and whose `fallback_ended` is still due (held by a mute).
    public var endedFallback: EndedFallback?
    /// The alerts a mute holds back, by ledger key, as the outbox keeps them (`holdAlert`): what
    /// this process or the last recorder held and has not sent or dropped yet.
    public var held: [String: HeldAlert] = [:]
    /// `monitor --status-page DIR`: the folder given on the command line (over the setting).
    public var statusPageOverride: String?

    public init(role: Role = .app) {
        self.role = role
    }

    public struct Recorder: Equatable, Sendable {
        public var pid: Int32
        public var role: String

        public init(pid: Int32, role: String) {
            self.pid = pid
            self.role = role
        }
    }

    public struct FallbackSpell: Equatable, Sendable {
        public var fromServerId: String
        public var reason: ConnectivityError
        public var since: Double
        public var inherited: Bool
        /// Caused by a drill: not an incident in history, its alerts marked as the drill's.
        public var drill = false

        public init(fromServerId: String, reason: ConnectivityError, since: Double, inherited: Bool = false) {
            self.fromServerId = fromServerId
            self.reason = reason
            self.since = since
            self.inherited = inherited
        }
    }

    /// The watch's own facts about the fallback spell in `settings.fallback`.
    public struct FallbackStart: Equatable, Sendable {
        /// The spell's start: when this process saw the fallback begin, or the inherited incident's.
        public var since: Double
        /// Caused by a drill (decided when it began: the drill may end before the spell does).
        public var drill = false
        /// The spell the last recorder left open (server and reason as history has them), until
        /// `settings.fallback` says whether it goes on (the same server: it does, with its start).
        public var inherited: Inherited?

        public struct Inherited: Equatable, Sendable {
            public var fromServerId: String
            public var reason: ConnectivityError
        }
    }

    public struct EndedFallback: Equatable, Sendable {
        public var spell: FallbackSpell
        public var end: Double
    }
}

extension WatchState {
    /// The fallback as it really is: `settings.fallback` with the start the watch gave it, or,
    /// until the settings know (the first result), the spell the last recorder left open.
    public func fallback(settings: SettingsState) -> FallbackSpell? {
        Self.spell(settings.fallback, start: fallbackStart)
    }

    /// The spell `fallback` and `start` make: the inherited one while `fallback` is not (yet) it.
    static func spell(_ fallback: FallbackInfo?, start: FallbackStart?) -> FallbackSpell? {
        guard let start else { return nil }
        if let inherited = start.inherited, inherited.fromServerId != fallback?.fromServerId {
            return FallbackSpell(fromServerId: inherited.fromServerId, reason: inherited.reason, since: start.since,
                                 inherited: true)
        }
        guard let fallback else { return nil }
        var spell = FallbackSpell(fromServerId: fallback.fromServerId, reason: fallback.reason, since: start.since,
                                  inherited: start.inherited != nil)
        spell.drill = start.drill
        return spell
    }
}
