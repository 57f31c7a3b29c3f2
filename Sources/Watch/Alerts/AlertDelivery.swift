import Dispatch
import Localization
import Logging
import SettingsStore

/// Delivers alerts through every hook and webhook, off the main actor, one alert after the
/// other (a slow hook delays the next alert, never a probe). A hook or webhook that fails is
/// logged once, and again only after it worked in between.
public actor AlertDelivery {
    /// What one alert's delivery did (`alerts test` prints it).
    public struct Report: Equatable, Sendable {
        public var hooks: [HookRunner.Outcome]
        public var webhooks: [WebhookSender.Outcome]

        public var allDelivered: Bool {
            hooks.allSatisfy(\.succeeded) && webhooks.allSatisfy(\.delivered)
        }
    }

    private let hooks: HookRunner
    private let logger: Logger
    private let host: String
    private var failing: Set<String> = []
    private static let queue = DispatchQueue(label: "verbumcare.alert-hooks")

    public init(hooks: HookRunner, host: String, logger: Logger) {
        self.hooks = hooks
        self.host = host
        self.logger = logger
    }

    /// Runs every hook and sends to every webhook; returns when all are done.
    public func deliver(_ event: AlertEvent, language: AppLanguage, webhooks: [String],
                        sender: WebhookSender) async -> Report {
        let payload = AlertPayload(event, language: language, host: host)
        let body = payload.json.compact
        logger.info("alert", metadata: ["event": "\(event.kind.rawValue)", "server": "\(event.server.id)",
                                        "message": "\(payload.message.text)"])
        async let sent = withTaskGroup(of: WebhookSender.Outcome.self) { group in
            for url in webhooks { group.addTask { await sender.send(body, to: url) } }
            var outcomes: [WebhookSender.Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return webhooks.compactMap { url in outcomes.first { $0.url == url } }
        }
        let ran = await runHooks(environment: payload.environment, input: body + "\n")
        let report = Report(hooks: ran, webhooks: await sent)
        for outcome in report.hooks { note(outcome.path, ok: outcome.succeeded, detail: "\(outcome.result)", output: outcome.output) }
        for outcome in report.webhooks { note(outcome.shownURL, ok: outcome.delivered, detail: outcome.detail, output: "") }
        return report
    }

    private func runHooks(environment: [String: String], input: String) async -> [HookRunner.Outcome] {
        let hooks = hooks
        return await withCheckedContinuation { continuation in
            // Blocking waits belong on a thread of their own, not on the cooperative pool.
            Self.queue.async {
                continuation.resume(returning: hooks.hooks().map {
                    HookRunner.run($0, environment: environment, input: input)
                })
            }
        }
    }

    private func note(_ target: String, ok: Bool, detail: String, output: String) {
        if ok {
            if failing.remove(target) != nil { logger.info("alert target works again", metadata: ["target": "\(target)"]) }
            if !output.isEmpty { logger.info("hook output", metadata: ["hook": "\(target)", "output": "\(output)"]) }
        } else if failing.insert(target).inserted {
            logger.warning("alert target failed", metadata: ["target": "\(target)", "detail": "\(detail)",
                                                             "output": "\(output)"])
        }
    }
}
