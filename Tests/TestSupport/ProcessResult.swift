/// How a process run by `BinaryRunner` ended, and what it wrote.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public var standardOutput: String
    public var standardError: String
    /// The exit status, or nil when a signal ended the process.
    public var exitCode: Int32?
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    /// True when the runner killed the process because it ran past its timeout.
    public var timedOut: Bool

    public init(standardOutput: String, standardError: String, exitCode: Int32?, signal: Int32?, timedOut: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitCode = exitCode
        self.signal = signal
        self.timedOut = timedOut
    }

    /// For test failure messages.
    public var description: String {
        let ending = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
        return "\(ending)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }
}
