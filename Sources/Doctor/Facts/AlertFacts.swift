import AppCore
import SettingsStore

/// What `doctor`'s `alerts` check looks at (SPEC §15.3): each hook with whether the monitor
/// may run it (NetworkManager's dispatcher rules) and its last outcome, each webhook (named
/// without credentials or query) with whether it is https and its last outcome, and what the
/// outbox still holds. The command gathers them (the hook rules live with the hook runner).
public struct AlertFacts: Equatable, Sendable {
    public struct Hook: Equatable, Sendable {
        public var path: String
        /// nil: trusted; else why it is skipped (`HookTrust.Reason`'s code).
        public var distrust: String?
        public var lastOutcome: AlertOutcome?

        public init(path: String, distrust: String?, lastOutcome: AlertOutcome?) {
            self.path = path
            self.distrust = distrust
            self.lastOutcome = lastOutcome
        }
    }

    public struct Webhook: Equatable, Sendable {
        /// Without user name, password, query or fragment.
        public var name: String
        public var isHTTPS: Bool
        public var lastOutcome: AlertOutcome?

        public init(name: String, isHTTPS: Bool, lastOutcome: AlertOutcome?) {
            self.name = name
            self.isHTTPS = isHTTPS
            self.lastOutcome = lastOutcome
        }
    }

    public var hookFolder: String
    public var hooks: [Hook]
    public var webhooks: [Webhook]
    /// Deliveries the outbox still has to make (pending, or webhooks tried again each round).
    public var waiting: Int
    /// The outbox could not be read (why); nil when it could, or there is none yet.
    public var outboxProblem: String?

    public init(hookFolder: String, hooks: [Hook], webhooks: [Webhook], waiting: Int, outboxProblem: String?) {
        self.hookFolder = hookFolder
        self.hooks = hooks
        self.webhooks = webhooks
        self.waiting = waiting
        self.outboxProblem = outboxProblem
    }
}
