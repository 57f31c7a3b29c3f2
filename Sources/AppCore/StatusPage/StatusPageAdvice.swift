/// The status page's advice (SPEC §16): one rule, pure, over the servers' conditions.
///
/// - The configured server works: as usual (slow: expect slowness).
/// - It is down (its failure confirmed) and another works: use that one (the server in use first, else the first that works in the list's order).
/// - Nothing works: expect slowness until no server has worked for longer than
///   `bcp_trigger_minutes`, then record on paper per the BCP.
public enum StatusPageAdvice {
    /// - Parameters:
    ///   - configured: the configured server's condition.
    ///   - working: the other servers that work now, the preferred one first.
    ///   - noneWorkingSince: when nothing works, the last moment a server worked (the latest
    ///     start of the servers' failing streaks); nil when not known.
    public static func decide(configured: StatusPageModel.Condition, working: [String], noneWorkingSince: Double?,
                              now: Double, triggerMinutes: Int) -> StatusPageModel.Advice {
        switch configured {
        // One failure is not an outage until its re-test confirms it (§6.4).
        case .up, .checking: return .asUsual
        case .slow: return .expectSlowness(paperAt: nil)
        case .down:
            if let other = working.first { return .useServer(id: other) }
            guard let since = noneWorkingSince else { return .expectSlowness(paperAt: nil) }
            // The BCP's own rule (`BCPTrigger`: longer than the trigger, as the report counts it).
            let trigger = BCPTrigger(minutes: triggerMinutes)
            return trigger.isPassed(start: since, end: nil, now: now)
                ? .recordOnPaper(since: since) : .expectSlowness(paperAt: since + Double(triggerMinutes) * 60)
        }
    }
}
