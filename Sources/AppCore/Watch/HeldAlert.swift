/// An alert a mute holds (SPEC §15.3: "alerts wait; what changed during the mute and is still
/// true when it ends is alerted then, once"). The reducer asks for it to be kept (`holdAlert`)
/// the moment a mute holds it back, and for it to be forgotten (`dropHeldAlert`) when it is no
/// longer due; the outbox keeps it beside the alerts, so it outlives the process that decided
/// it, with history on or off, and the next recorder is handed it at its start. What it keeps
/// are the facts the alert is made of, not its words: the alert is rendered when it is sent.
public struct HeldAlert: Equatable, Sendable {
    /// The alert's ledger key: sending it (storing it in the outbox) ends the hold.
    public var key: String
    public var kind: AlertEvent.Kind
    public var serverId: String
    public var since: Double?
    public var durationSeconds: Double?
    public var resolvedOnStart: Bool
    public var drill: Bool
    /// The reason's code and numbers (`server_down`, `fallback_started`, certificates).
    public var reasonCode: String?
    public var parameters: [String: String]

    public init(key: String, kind: AlertEvent.Kind, serverId: String, since: Double? = nil,
                durationSeconds: Double? = nil, resolvedOnStart: Bool = false, drill: Bool = false,
                reasonCode: String? = nil, parameters: [String: String] = [:]) {
        self.key = key
        self.kind = kind
        self.serverId = serverId
        self.since = since
        self.durationSeconds = durationSeconds
        self.resolvedOnStart = resolvedOnStart
        self.drill = drill
        self.reasonCode = reasonCode
        self.parameters = parameters
    }

    /// The facts of `event`, as a mute holds it.
    public init(_ event: AlertEvent) {
        self.init(key: event.ledgerKey, kind: event.kind, serverId: event.server.id, since: event.since,
                  durationSeconds: event.durationSeconds, resolvedOnStart: event.resolvedOnStart, drill: event.drill,
                  reasonCode: event.reason?.code.rawValue, parameters: event.reason?.parameters ?? [:])
    }

    /// The reason it was held with (nil: none, or a code this version does not know).
    public var reason: ConnectivityError? {
        reasonCode.flatMap(ConnectivityErrorCode.init(rawValue:))
            .map { ConnectivityError(code: $0, message: "held by a mute", parameters: parameters) }
    }
}
