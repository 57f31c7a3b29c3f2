/// Where an alert goes (SPEC §15.3): a hook (an executable file) or a webhook (an https URL).
/// The outbox keeps one delivery per alert and target.
public enum AlertTarget: Hashable, Sendable, Comparable {
    case hook(path: String)
    case webhook(url: String)

    /// How the outbox stores it: `hook:/path` or `webhook:https://…`.
    public var storageKey: String {
        switch self {
        case .hook(let path): "hook:" + path
        case .webhook(let url): "webhook:" + url
        }
    }

    public init?(storageKey: String) {
        if storageKey.hasPrefix("hook:") {
            self = .hook(path: String(storageKey.dropFirst("hook:".count)))
        } else if storageKey.hasPrefix("webhook:") {
            self = .webhook(url: String(storageKey.dropFirst("webhook:".count)))
        } else {
            return nil
        }
    }

    public var isWebhook: Bool {
        if case .webhook = self { return true }
        return false
    }

    public static func < (lhs: AlertTarget, rhs: AlertTarget) -> Bool { lhs.storageKey < rhs.storageKey }
}

/// How one delivery of one alert to one target ended (SPEC §15.3: an alert counts as sent to a
/// target only after that target's delivery was attempted to its end).
public struct AlertOutcome: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// The hook exited 0, the webhook answered 2xx.
        case delivered
        /// The attempt ended without success and is not tried again (a hook that failed, a
        /// webhook answered with a 4xx other than 408/429).
        case failed
        /// A webhook that failed its three tries: the outbox tries it again every round for 24 h.
        case retry
        /// Still failing 24 h after the alert: dropped with a log line.
        case dropped
    }

    public var status: Status
    /// What happened, for people: "exit 0", "HTTP 503", "connect", "time limit" (sanitized).
    public var detail: String
    /// When the attempt ended, seconds since 1970.
    public var at: Double

    public init(status: Status, detail: String, at: Double) {
        self.status = status
        self.detail = detail
        self.at = at
    }

    /// The target is done with this alert (nothing more will be tried).
    public var isFinal: Bool { status != .retry }
}
