/// What a drill does to results (SPEC §16), shared by the app, the monitor and the command
/// line: a result of the drilled server taken while the drill is in force is seen as the
/// scenario's failure by everything that decides (connectivity's fallback, the incidents, the
/// alerts), while the real result is what history records. Pure.
public enum DrillPolicy {
    /// The result as the drill makes it look: `result` itself unless it is of the drilled
    /// server and taken while the drill is in force.
    public static func seen(_ result: DetailedStatus, drill: DrillRecord?, connectionTimeout: Int) -> DetailedStatus {
        guard let drill, drill.serverId == result.serverId, drill.isActive(at: result.lastChecked) else { return result }
        let url = result.checks.first { $0.endpoint == .health }?.url ?? ""
        let check = CheckResult(endpoint: .health, url: url, status: .failure, httpStatus: nil, timings: CheckTimings(),
                                error: reason(drill.scenario, connectionTimeout: connectionTimeout))
        return DetailedStatus(serverId: result.serverId, checks: [check], responseTime: nil, lastChecked: result.lastChecked)
    }

    /// Whether the drill changes `result`.
    public static func applies(to result: DetailedStatus, drill: DrillRecord?) -> Bool {
        guard let drill else { return false }
        return drill.serverId == result.serverId && drill.isActive(at: result.lastChecked)
    }

    /// The failure a scenario stands for, worded like the real one (with its numbers).
    public static func reason(_ scenario: DrillRecord.Scenario, connectionTimeout: Int) -> ConnectivityError {
        switch scenario {
        case .down:
            ConnectivityError(code: .connect, message: "drill: no connection")
        case .slow:
            ConnectivityError(code: .timeout, message: "drill: no answer in time",
                              parameters: ["seconds": String(max(1, connectionTimeout))])
        case .certificate:
            ConnectivityError(code: .tlsExpired, message: "drill: the certificate has expired")
        }
    }
}

extension DrillPolicy {
    /// The event as connectivity sees it during a drill: its results of the drilled server are
    /// the scenario's failure, so the app falls back as it would for real (SPEC §16).
    public static func seen(_ event: AppEvent, drill: DrillRecord?, connectionTimeout: Int) -> AppEvent {
        guard let drill else { return event }
        let seen = { (result: DetailedStatus) in Self.seen(result, drill: drill, connectionTimeout: connectionTimeout) }
        switch event {
        case let .probeCompleted(generation, result, hadToken, at):
            return .probeCompleted(generation: generation, result: seen(result), hadToken: hadToken, at: at)
        case let .rowTestCompleted(generation, result):
            return .rowTestCompleted(generation: generation, result: seen(result))
        case let .recoveryProbeCompleted(generation, result, at):
            return .recoveryProbeCompleted(generation: generation, result: seen(result), at: at)
        case let .switchTestCompleted(generation, result, hadToken, at):
            return .switchTestCompleted(generation: generation, result: seen(result), hadToken: hadToken, at: at)
        default:
            return event
        }
    }
}
