import History
import SettingsStore

/// One attempt to deliver one stored alert to one target, to its end, through `AlertDelivery`
/// (a hook run to its exit or its time limit, on a thread of its own; a webhook's three tries),
/// and its outcome as the outbox records it.
public enum TargetDelivery {
    public static func deliver(_ alert: OutboxAlert, to target: AlertTarget, through delivery: AlertDelivery,
                               sender: WebhookSender, now: @escaping @Sendable () -> Double) async -> AlertOutcome {
        switch target {
        case .hook(let path):
            let outcome = await delivery.deliverHook(path: path, environment: alert.environment, body: alert.body)
            return AlertOutcome(status: outcome.succeeded ? .delivered : .failed, detail: describe(outcome.result), at: now())
        case .webhook(let url):
            let outcome = await delivery.deliverWebhook(url: url, body: alert.body, sender: sender)
            return AlertOutcome(status: outcome.delivered ? .delivered : (isFinal(outcome.detail) ? .failed : .retry),
                                detail: outcome.delivered ? "HTTP \(outcome.detail)" : outcome.detail, at: now())
        }
    }

    /// A webhook's answer that trying again will not change: a client error other than 408
    /// (timeout) and 429 (too many requests), or a refused redirect.
    static func isFinal(_ detail: String) -> Bool {
        if detail.hasPrefix("redirect_refused") { return true }
        guard let status = Int(detail) else { return false }
        return (400..<500).contains(status) && status != 408 && status != 429
    }

    static func describe(_ result: HookRunner.Outcome.Result) -> String {
        switch result {
        case .exited(let status): "exit \(status)"
        case .killedAtTimeLimit: "time limit"
        case .signalled(let signal): "signal \(signal)"
        case .couldNotStart(let reason): "not started: \(TextSanitizer.clean(reason))"
        case .notTrusted(let reason): "not trusted: \(reason.rawValue)"
        }
    }
}
