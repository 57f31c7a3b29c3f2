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

    /// libcurl opens the CA bundle itself; a FIFO there would block it.
    @Test(arguments: [Kind.fifo, Kind.directory])
    func aCABundleThatIsNotAFileDoesNotBlockTheChecks(_ kind: Kind) async throws {
        var session = try CLI.Session()
        session.runner.timeout = .seconds(10)
        let bundle = session.home.path + "/ca.pem"
        try Self.place(kind, at: bundle)
        // A listening socket: the connection is made, so libcurl gets as far as TLS.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0,
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try await session.run("status", "--cacert", bundle,
                                           "--connect-to", "verbumcare-lab.local:443:127.0.0.1:\(port)")
        #expect(!result.timedOut)
        #expect(result.exitCode == 2)
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
