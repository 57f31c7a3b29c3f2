import AppCore
import SettingsStore

extension Doctor {
    /// `alerts` (SPEC §15.3): one line per hook (trusted and its last outcome, or why it is
    /// skipped), one per webhook (https and its last outcome), and the outbox (what waits).
    public static func alerts(_ facts: AlertFacts) -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        if facts.hooks.isEmpty && facts.webhooks.isEmpty {
            checks.append(DoctorCheck(.alerts, .warning, "doctor.alerts.none", fix: "doctor.fix.alerts_none",
                                      ["folder": facts.hookFolder]))
        }
        for hook in facts.hooks {
            let name = ["hook": hook.path]
            if let reason = hook.distrust {
                checks.append(DoctorCheck(.alerts, .error, "doctor.alerts.hook_untrusted",
                                          ["hook": hook.path, "reason": reason],
                                          fix: "doctor.fix.hook_trust", name))
            } else if let last = hook.lastOutcome, last.status != .delivered {
                checks.append(DoctorCheck(.alerts, .warning, "doctor.alerts.hook_failed",
                                          ["hook": hook.path, "detail": last.detail],
                                          fix: "doctor.fix.run", ["command": "verbumcare-tui alerts test"]))
            } else {
                checks.append(DoctorCheck(.alerts, .ok, hook.lastOutcome == nil ? "doctor.alerts.hook_ok" : "doctor.alerts.hook_delivered",
                                          name))
            }
        }
        for webhook in facts.webhooks {
            let name = ["url": webhook.name]
            if !webhook.isHTTPS {
                checks.append(DoctorCheck(.alerts, .error, "doctor.alerts.webhook_not_https", name,
                                          fix: "doctor.fix.webhook_https", name))
            } else if let last = webhook.lastOutcome, last.status != .delivered {
                checks.append(DoctorCheck(.alerts, .warning, "doctor.alerts.webhook_failed",
                                          ["url": webhook.name, "detail": last.detail],
                                          fix: "doctor.fix.run", ["command": "verbumcare-tui alerts test"]))
            } else {
                checks.append(DoctorCheck(.alerts, .ok, webhook.lastOutcome == nil ? "doctor.alerts.webhook_ok"
                                                                                   : "doctor.alerts.webhook_delivered", name))
            }
        }
        if let problem = facts.outboxProblem {
            checks.append(DoctorCheck(.alerts, .error, "doctor.alerts.outbox_unreadable", ["reason": problem]))
        } else if facts.waiting > 0 {
            checks.append(DoctorCheck(.alerts, .warning, "doctor.alerts.waiting", ["count": String(facts.waiting)],
                                      fix: "doctor.fix.run", ["command": "systemctl --user status verbumcare-tui-monitor"]))
        }
        return checks
    }
}
