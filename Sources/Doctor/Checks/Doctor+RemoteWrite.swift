import AppCore
import SettingsStore

extension Doctor {
    /// `remote_write` (issue 28): off, or the receiver with its last answer and the cursor's lag;
    /// a token file that cannot be used is an error (nothing is pushed).
    public static func remoteWrite(_ facts: RemoteWriteFacts) -> [DoctorCheck] {
        guard let url = facts.url else { return [DoctorCheck(.remoteWrite, .ok, "doctor.remote_write.off")] }
        if let problem = facts.tokenProblem {
            return [DoctorCheck(id: .remoteWrite, status: .error, message: problem,
                                fix: AppError(key: "doctor.fix.remote_write_token", parameters: [:]))]
        }
        guard let state = facts.state, let answer = state.lastAnswer else {
            return [DoctorCheck(.remoteWrite, .ok, "doctor.remote_write.not_yet", ["url": url])]
        }
        let lag = RemoteWritePolicy.lagSeconds(state, now: facts.now).map { String(Int($0.rounded())) } ?? "?"
        let parameters = ["url": url, "detail": answer.detail, "lag": lag]
        switch RemoteWritePolicy.verdict(answer) {
        case .accepted:
            return [DoctorCheck(.remoteWrite, .ok, "doctor.remote_write.ok", parameters)]
        case .retryLater:
            return [DoctorCheck(.remoteWrite, .warning, "doctor.remote_write.waiting", parameters,
                                fix: "doctor.fix.run", ["command": "journalctl --user -u verbumcare-tui-monitor"])]
        case .skipBatch:
            return [DoctorCheck(.remoteWrite, .error, "doctor.remote_write.refused", parameters,
                                fix: "doctor.fix.remote_write_refused")]
        }
    }
}
