import Foundation

extension ShellCommand {
    /// `run`, waited for on a thread of its own: a test that runs many commands does not hold one
    /// of the cooperative pool's threads (two on a 2-core machine) while it waits, which would
    /// stall every other test of the run meanwhile.
    public static func run(detached command: String) async -> Int32 {
        await OwnThread.run { run(command) }
    }
}
