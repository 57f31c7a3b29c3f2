import Foundation
import Glibc
import Testing
import TestSupport

/// A crash while the command line holds sign-in tokens leaves no core file with them: core
/// dumps are off from the first instruction of `main`. The command is held inside a check of
/// a server that never answers, after it has read the token and sent it.
@Suite("No core dumps with secrets")
struct CoreDumpTests {
    static let accessToken = "demo-at-SECRET-core-dump-check-0123456789"
    static let refreshToken = "demo-rt-SECRET-core-dump-check-9876543210"

    @Test func sigabrtWhileHoldingATokenWritesNoCoreWithIt() async throws {
        let backend = try await DemoBackendProcess.start(initialModes: ["mac-mini": "hang"])
        let session = try CLI.Session()
        let macMini = "https://verbumcaremac-mini/api"
        // The longest connection timeout: the command must still be waiting when the signal
        // comes, however long a loaded machine takes between the request and the kill.
        try session.home.write("{\"backend_server_address\": \"\(macMini)\", \"connection_timeout\": 60}",
                               to: "config/verbumcare/settings.json")
        try session.home.write("{\"baseUrl\": \"\(macMini)\", \"accessToken\": \"\(Self.accessToken)\", "
                               + "\"refreshToken\": \"\(Self.refreshToken)\"}",
                               to: "state/verbumcare/credentials/mac-mini.json")
        let directory = session.home.path + "/cwd"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let routes = backend.connectTo.flatMap { ["--connect-to", $0] }
        let child = try ChildProcess(session.runner, ["status", "--cacert", backend.caFile] + routes,
                                     shell: "ulimit -c unlimited; exec", directory: directory)
        let sent = await eventually { ((try? backend.stats().requests("mac-mini", "/api/auth/me")) ?? 0) >= 1 }
        #expect(sent, "the command sent its token and waits for the answer")
        let limits = ProcFile.text("/proc/\(child.pid)/limits") ?? ""
        let coreLine = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""
        #expect(coreLine.split(separator: " ").filter { !$0.isEmpty }.dropFirst(4).prefix(2) == ["0", "0"],
                "core file size limit is 0: \(coreLine)")
        kill(child.pid, SIGABRT)
        let end = await child.wait()
        #expect(end?.reason == .uncaughtSignal)
        // Where cores go: a plain pattern is a file name relative to the crashing process's
        // directory; a piped one goes to a collector, and the limit above is what counts.
        let pattern = ProcFile.text("/proc/sys/kernel/core_pattern") ?? ""
        let cores = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("core") }
        print("core dump check: core_pattern \(pattern.trimmingCharacters(in: .whitespacesAndNewlines)), "
              + "\(coreLine), core files: \(cores)")
        for core in cores {
            let bytes = FileManager.default.contents(atPath: directory + "/" + core) ?? Data()
            #expect(bytes.range(of: Data(Self.accessToken.utf8)) == nil, "a core file holds the access token")
            #expect(bytes.range(of: Data(Self.refreshToken.utf8)) == nil)
        }
        if !pattern.hasPrefix("|") { #expect(cores.isEmpty) }
    }
}
