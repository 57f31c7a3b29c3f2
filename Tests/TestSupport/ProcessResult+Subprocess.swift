import Subprocess

extension ProcessResult {
    /// What a finished `Subprocess.run` wrote and how it ended.
    public init(standardOutput: String?, standardError: String?, termination: TerminationStatus,
                timedOut: Bool = false) {
        var exitCode: Int32?
        var signal: Int32?
        switch termination {
        case .exited(let code): exitCode = code
        case .signaled(let number): signal = number
        }
        self.init(standardOutput: standardOutput ?? "", standardError: standardError ?? "",
                  exitCode: exitCode, signal: signal, timedOut: timedOut)
    }
}
