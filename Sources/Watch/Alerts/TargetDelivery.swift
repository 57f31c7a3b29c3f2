import Dispatch
import History
import SettingsStore

/// One attempt to deliver one stored alert to one target, to its end: a hook run to its exit
/// (or its time limit), a webhook's three tries. Each waits on a thread of its own, so no
/// hook waits for another, and no event for another's hooks (SPEC §15.3).
public enum TargetDelivery {
    public static func deliver(_ alert: OutboxAlert, to target: AlertTarget, sender: WebhookSender,
                               now: @escaping @Sendable () -> Double) async -> AlertOutcome {
        switch target {
        case .hook(let path):
            let outcome = await runHook(path, environment: alert.environment, input: alert.body + "\n")
            return AlertOutcome(status: outcome.succeeded ? .delivered : .failed, detail: describe(outcome.result), at: now())
        case .webhook(let url):
            let outcome = await sender.send(alert.body, to: url)
            return AlertOutcome(status: outcome.delivered ? .delivered : (isFinal(outcome.detail) ? .failed : .retry),
                                detail: outcome.delivered ? "HTTP \(outcome.detail)" : outcome.detail, at: now())
        }
    }

    /// A hook on a queue of its own: a new serial queue targets libdispatch's overcommitting
    /// pool, which adds a thread while the others block, so hooks run side by side.
    static func runHook(_ path: String, environment: [String: String], input: String) async -> HookRunner.Outcome {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "verbumcare.hook").async {
                continuation.resume(returning: HookRunner.run(path, environment: environment, input: input))
            }
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
        }
    }
}
