/// A confirmed failure of a server, from the failed confirming re-test until it is up again
/// (SPEC §15.2). Times are Unix milliseconds.
public struct Incident: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var serverId: String
    public var start: Int64
    /// nil while the incident is open.
    public var end: Int64?
    /// Why it opened, with the numbers its words need.
    public var reason: IncidentReason

    public init(id: Int64, serverId: String, start: Int64, end: Int64?, reason: IncidentReason) {
        self.id = id
        self.serverId = serverId
        self.start = start
        self.end = end
        self.reason = reason
    }

    public init(id: Int64, serverId: String, start: Int64, end: Int64?, reasonCode: String) {
        self.init(id: id, serverId: serverId, start: start, end: end, reason: IncidentReason(code: reasonCode))
    }

    /// The connectivity error code that opened it (`timeout`, `cert_expiring`…).
    public var reasonCode: String { reason.code }

    public var isOpen: Bool { end == nil }

    /// Whole seconds from start to end, or to `now` while open; never negative (a clock set
    /// back must not show a negative outage).
    public func durationSeconds(now: Int64) -> Int64 {
        max(0, HistoryTime.floorDivide((end ?? now) - start, 1000))
    }

    /// The duration of a closed incident; nil while open (JSON's `durationSeconds: null`).
    public var durationSeconds: Int64? {
        end.map { max(0, HistoryTime.floorDivide($0 - start, 1000)) }
    }
}

/// Why an incident opened, as history keeps it (SPEC §15.2 `reason {code, params, message}`):
/// the error code, the numbers its localized words need (`status`, `seconds`, `days`,
/// `host`…) and the technical detail in English. Every surface words it in its own language
/// from these (`ReasonWords`); an incident recorded before params were kept has none, and is
/// worded without numbers rather than with a placeholder.
public struct IncidentReason: Sendable, Equatable {
    /// A `ConnectivityErrorCode` raw value (any text from an old or damaged file is kept as is).
    public var code: String
    public var params: [String: String]
    /// The technical detail (English, sanitized); empty when none was kept.
    public var message: String

    public init(code: String, params: [String: String] = [:], message: String = "") {
        self.code = code
        self.params = params
        self.message = message
    }

    /// The reason of an error met by `server`: its code, the parameters its words use (the
    /// error's own, and the server's `host` and timeout `seconds` where the words need them)
    /// and its detail.
    public init(_ error: ConnectivityError, server: ServerConfig?) {
        var params = error.parameters
        if let server { params = ConnectivityMessages.reasonParameters(error, server: server) }
        let used = ReasonWords.parameterNames(of: error.code)
        self.init(code: error.code.rawValue, params: params.filter { used.contains($0.key) },
                  message: TextSanitizer.clean(error.message))
    }

    /// The reason as a connectivity error (nil for a code this version does not know).
    public var error: ConnectivityError? {
        ConnectivityErrorCode(rawValue: code).map { ConnectivityError(code: $0, message: message, parameters: params) }
    }
}
