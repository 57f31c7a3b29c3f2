import BackendClient
import Localization
import Logging
import SettingsStore
import Synchronization

/// Delivers alerts through hooks and webhooks, side by side (SPEC §15.3 Concurrency): every
/// hook of an event starts at once (in name order) and waits on a thread of its own, webhooks
/// are sent meanwhile, and nothing is shared between deliveries but the log's memory of what
/// failed, so one event's hooks never wait for another's. A target that fails is logged once,
/// and again only after it worked in between; a skipped hook is logged once.
///
/// The per-target calls (`deliverHook`, `deliverWebhook`) are what an outbox uses to attempt
/// one target of one alert and record its outcome; `deliver` attempts all targets of one alert
/// and is what `alerts test` prints. Neither stores anything.
public final class AlertDelivery: Sendable {
    /// What one alert's delivery did (`alerts test` prints it).
    public struct Report: Equatable, Sendable {
        public var hooks: [HookRunner.Outcome]
        public var webhooks: [WebhookSender.Outcome]
        /// Hooks not run because they are not trusted (HookTrust).
        public var skipped: [SkippedHook]

        public init(hooks: [HookRunner.Outcome], webhooks: [WebhookSender.Outcome], skipped: [SkippedHook] = []) {
            self.hooks = hooks
            self.webhooks = webhooks
            self.skipped = skipped
        }

        public var allDelivered: Bool {
            hooks.allSatisfy(\.succeeded) && webhooks.allSatisfy(\.delivered) && skipped.isEmpty
        }
    }

    /// What the log has been told: targets failing since, skipped hooks.
    private struct Told {
        var failing: Set<String> = []
        var skipped: Set<SkippedHook> = []
    }

    public let hooks: HookRunner
    private let logger: Logger
    private let host: String
    private let told = Mutex(Told())

    public init(hooks: HookRunner, host: String, logger: Logger) {
        self.hooks = hooks
        self.host = host
        self.logger = logger
    }

    /// The payload hooks and webhooks get for `event`.
    public func payload(_ event: AlertEvent, language: AppLanguage) -> AlertPayload {
        AlertPayload(event, language: language, host: host)
    }

    /// Every trusted hook and every webhook, all at once; returns when all are done.
    public func deliver(_ event: AlertEvent, language: AppLanguage, webhooks: [String],
                        sender: WebhookSender) async -> Report {
        let payload = payload(event, language: language)
        logger.info("alert", metadata: ["event": "\(event.kind.rawValue)", "server": "\(event.server.id)",
                                        "message": "\(payload.message.text)"])
        let scan = scanHooks()
        // Started here, in name order, before anything is awaited.
        let started = scan.trusted.map { start($0, payload: payload) }
        let body = payload.json.compact
        async let sent = withTaskGroup(of: (Int, WebhookSender.Outcome).self) { group in
            for (index, url) in webhooks.enumerated() {
                group.addTask { (index, await self.deliverWebhook(url: url, body: body, sender: sender)) }
            }
            var outcomes: [(Int, WebhookSender.Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let ran = await withTaskGroup(of: (Int, HookRunner.Outcome).self) { group in
            for (index, hook) in started.enumerated() {
                group.addTask { (index, await self.finish(hook)) }
            }
            var outcomes: [(Int, HookRunner.Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return Report(hooks: ran, webhooks: await sent, skipped: scan.skipped)
    }

    /// Runs one hook with `payload` and returns what it did (after at most the time limit). The
    /// file's trust is checked again first: between the decision and this call it may have
    /// changed (`.notTrusted` then, logged once).
    public func deliverHook(path: String, payload: AlertPayload) async -> HookRunner.Outcome {
        await deliverHook(path: path, environment: payload.environment, body: payload.json.compact)
    }

    /// The same, for an alert already rendered (the outbox keeps the body and the environment
    /// of the moment it was decided).
    public func deliverHook(path: String, environment: [String: String], body: String) async -> HookRunner.Outcome {
        if let skipped = HookRunner.distrust(path) {
            tellSkipped([skipped])
            return HookRunner.Outcome(path: path, result: .notTrusted(skipped.reason))
        }
        return await finish(HookProcess.start(path, environment: environment, input: body + "\n", timeLimit: hooks.timeLimit))
    }

    /// POSTs `body` (an `AlertPayload`'s `json.compact`) to one webhook, with its three tries.
    public func deliverWebhook(url: String, body: String, sender: WebhookSender) async -> WebhookSender.Outcome {
        let outcome = await sender.send(body, to: url)
        note(outcome.shownURL, ok: outcome.delivered, detail: outcome.detail, output: "")
        return outcome
    }

    /// The hook folders now: skipped hooks not told before go to the log, once each.
    public func scanHooks() -> HookScan {
        let scan = hooks.scan()
        tellSkipped(scan.skipped)
        return scan
    }

    private func tellSkipped(_ skipped: [SkippedHook]) {
        let new = told.withLock { told in skipped.filter { told.skipped.insert($0).inserted } }
        for hook in new {
            logger.warning("hook skipped: not trusted", metadata: [
                "hook": "\(hook.path)", "reason": "\(hook.reason.rawValue)",
                "link_target": "\(hook.linkTarget ?? "")"])
        }
    }

    private func start(_ path: String, payload: AlertPayload) -> HookProcess {
        HookProcess.start(path, environment: payload.environment, input: payload.json.compact + "\n",
                          timeLimit: hooks.timeLimit)
    }


    /// Waits for `hook` on a thread of its own (a blocking wait never runs on the cooperative
    /// pool, where it would hold up every other task), then logs what it did.
    private func finish(_ hook: HookProcess) async -> HookRunner.Outcome {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<HookRunner.Outcome, Never>) in
            let started = DetachedThread.tryStart { continuation.resume(returning: hook.wait()) }
            // No thread to be had: the wait happens here rather than never.
            if !started { continuation.resume(returning: hook.wait()) }
        }
        note(outcome.path, ok: outcome.succeeded, detail: "\(outcome.result)", output: outcome.output)
        if outcome.descendantsEnded > 0 {
            logger.warning("hook left processes running; the time limit ended them",
                           metadata: ["hook": "\(outcome.path)", "count": "\(outcome.descendantsEnded)"])
        }
        return outcome
    }

    private func note(_ target: String, ok: Bool, detail: String, output: String) {
        let change = told.withLock { told in ok ? told.failing.remove(target) != nil : told.failing.insert(target).inserted }
        if ok {
            if change { logger.info("alert target works again", metadata: ["target": "\(target)"]) }
            if !output.isEmpty { logger.info("hook output", metadata: ["hook": "\(target)", "output": "\(output)"]) }
        } else if change {
            logger.warning("alert target failed", metadata: ["target": "\(target)", "detail": "\(detail)",
                                                             "output": "\(output)"])
        }
    }
}
