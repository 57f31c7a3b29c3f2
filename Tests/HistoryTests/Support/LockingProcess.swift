import Foundation
import Glibc
import TestSupport

/// A shell pipeline started in its own session (setsid), so the test can end it and every
/// process it started by its process group, whatever happens to the test.
final class LockingProcess {
    let groupID: Int32
    private let folder: String

    /// Starts `command` (a shell command line) in the background. It should create the file
    /// `READY` in `folder` once it holds what it is meant to hold; `start` waits up to 10 s
    /// for that.
    init(_ command: String, folder: String) throws {
        self.folder = folder
        let pidFile = folder + "/locker.pid"
        let script = "cd '\(folder)' && setsid sh -c '\(command)' </dev/null >/dev/null 2>&1 & echo $! > '\(pidFile)'"
        guard ShellCommand.run(script) == 0 else { throw TestSupportError.setupFailed("cannot start \(command)") }
        var group: Int32?
        Eventually.holdsBlocking(within: .seconds(10), every: .milliseconds(10)) {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
               FileManager.default.fileExists(atPath: folder + "/READY") {
                group = pid
            }
            return group != nil
        }
        guard let group else {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(-pid, SIGKILL)
            }
            throw TestSupportError.setupFailed("\(command) never became ready")
        }
        groupID = group
    }

    /// Ends every process of the group.
    func stop() {
        kill(-groupID, SIGKILL)
    }

    deinit {
        stop()
    }
}
