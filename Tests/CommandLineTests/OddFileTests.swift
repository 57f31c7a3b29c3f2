import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// A FIFO, a directory or a device in place of a file the command line reads: it is reported
/// and never blocks. The 10 s limit is a hang check (a blocked read never ends), not a
/// measure of speed.
@Suite("Odd files in place of ours")
struct OddFileTests {
    enum Kind: String, CaseIterable, Sendable {
        case fifo, directory, device
    }

    /// Relative to the home. `status` reads settings.json, app-state.json and the current
    /// server's credentials, and writes the log.
    static let files = ["config/verbumcare/settings.json", "state/verbumcare/app-state.json",
                        "state/verbumcare/verbumcare-tui.log", "state/verbumcare/credentials/pn51.json"]

    static func place(_ kind: Kind, at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        switch kind {
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        // An endless device behind the name (a link to it: creating device nodes needs privileges).
        case .device: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
    }

    static let cases: [(String, Kind)] = files.flatMap { file in Kind.allCases.map { (file, $0) } }

    @Test(arguments: cases)
    func statusAnswersAndNamesTheFile(_ file: String, _ kind: Kind) async throws {
        var session = try CLI.Session()
        session.runner.timeout = .seconds(10)
        try Self.place(kind, at: session.home.path + "/" + file)
        // pn51 routed to a closed loopback port: the check fails at once.
        let result = try await session.run("status", "--connect-to", "verbumcare-lab.local:443:127.0.0.1:9")
        #expect(!result.timedOut, "the command must not block on \(file)")
        #expect(result.exitCode == 2)
        let name = (file as NSString).lastPathComponent
        if name == "settings.json" || name == "app-state.json" {
            let path = kind == .device ? "/dev/zero" : session.home.path + "/" + file
            let said = CLI.text(.en, "files.not_regular", ["file": name, "path": path])
            #expect(result.standardError.contains(said), "\(result.standardError)")
        }
        // Nothing was put in its place.
        var st = stat()
        #expect(lstat(session.home.path + "/" + file, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG)
    }

    @Test(arguments: Kind.allCases)
    func aChangeIsRefusedWithAMessage(_ kind: Kind) async throws {
        var session = try CLI.Session()
        session.runner.timeout = .seconds(10)
        try Self.place(kind, at: session.home.settingsFile)
        let result = try await session.run("settings", "add-custom", "https://ward3.example.org/api")
        #expect(!result.timedOut)
        #expect(result.exitCode == 1)
        let path = kind == .device ? "/dev/zero" : session.home.settingsFile
        let said = CLI.errorLine(.en, "files.not_regular", ["file": "settings.json", "path": path])
        #expect(result.standardError.contains(said), "\(result.standardError)")
        var st = stat()
        #expect(lstat(session.home.settingsFile, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG, "left as it was")
    }
}
