import Foundation

/// A running demo backend (DemoBackend/demo_backend.py, docs/PRODUCT.md: Demo backend) for tests.
///
/// ```swift
/// let backend = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
/// defer { backend.stop() }
/// // reach https://verbumcare-lab.local/health with --cacert backend.caFile --connect-to backend.connectTo
/// try backend.setMode("pn51", "status502")
/// ```
///
/// The backend exits when its stdin closes: `stop()` closes it, and so does the kernel when a test process
/// dies, so no server outlives its test. Each instance has its own certificates, ports and state directory.
public final class DemoBackendProcess: Sendable {
    public struct Server: Sendable, Equatable {
        public let id: String
        public let host: String
        public let port: Int
    }

    /// The prefilled servers the backend always runs (docs/PRODUCT.md: Prefilled servers).
    public static let prefilledServerIDs = ["pn51", "mac-mini", "mac-mini-tailscale"]

    /// DemoBackend/demo_backend.py in this repository, found from this source file's path.
    public static let scriptPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // repository root
        .appendingPathComponent("DemoBackend/demo_backend.py").path

    /// PEM file of the throwaway CA that signed the servers' certificates (use as `--cacert`).
    public let caFile: String
    /// `HOST:443:127.0.0.1:PORT` for every server (use as repeated `--connect-to`).
    public let connectTo: [String]
    /// Servers by id: host name and loopback port.
    public let servers: [String: Server]
    /// Plain-HTTP control port on 127.0.0.1.
    public let controlPort: Int
    /// Where the backend keeps its certificates, demo.json and log (removed by `stop()`).
    public let stateDirectory: String
    public let pid: Int32
    /// The backend's stderr (request log with `verbose`, errors always).
    public var logFile: String { stateDirectory + "/backend.log" }

    private let child: DemoBackendChild

    /// Starts a backend and waits for its ready line. Blocks the calling thread; from async code prefer `start`.
    /// - Parameters:
    ///   - extraServers: more servers, id → host name (also re-hosts a prefilled id).
    ///   - initialModes: id → mode name the server starts in (see `DemoBackendMode`).
    ///   - tokenTTLSeconds: lifetime of access tokens (`expiresIn`).
    ///   - verbose: log every request to `logFile`.
    ///   - extraArguments: passed to `demo_backend.py run` as they are (e.g. `["--bench-servers", "200"]`).
    ///   - launcher: put in front of the command (e.g. `["ip", "netns", "exec", "NS"]`).
    ///   - script: another copy of demo_backend.py (the one a Debian package installed).
    public init(extraServers: [String: String] = [:], initialModes: [String: String] = [:],
                tokenTTLSeconds: Int? = nil, verbose: Bool = false, extraArguments: [String] = [],
                launcher: [String] = [], script: String = DemoBackendProcess.scriptPath,
                readyTimeout: Duration = .seconds(60)) throws {
        guard FileManager.default.fileExists(atPath: script) else {
            throw DemoBackendError.scriptNotFound(script)
        }
        let state = FileManager.default.temporaryDirectory
            .appendingPathComponent("verbumcare-demo-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)

        var arguments = launcher + ["python3", script, "run", "--state-dir", state, "--exit-on-stdin-close",
                         "--remove-state-dir"]
        for (id, host) in extraServers.sorted(by: { $0.key < $1.key }) { arguments += ["--server", "\(id)=\(host)"] }
        for (id, mode) in initialModes.sorted(by: { $0.key < $1.key }) { arguments += ["--initial", "\(id)=\(mode)"] }
        if let tokenTTLSeconds { arguments += ["--token-ttl", String(tokenTTLSeconds)] }
        if verbose { arguments.append("--verbose") }
        arguments += extraArguments

        let child: DemoBackendChild
        do {
            child = try DemoBackendChild(arguments: arguments, stderrPath: state + "/backend.log")
        } catch {
            try? FileManager.default.removeItem(atPath: state)
            throw error
        }
        let (line, timedOut) = child.readLine(until: .now + readyTimeout)
        child.closeStdout()
        func fail(_ error: DemoBackendError) -> DemoBackendError {
            child.closeStdin()
            child.wait(timeout: .seconds(5))
            try? FileManager.default.removeItem(atPath: state)
            return error
        }
        guard let line else {
            let log = (try? String(contentsOfFile: state + "/backend.log", encoding: .utf8)) ?? ""
            let seconds = Double(readyTimeout.components.seconds)
            throw fail(timedOut ? .notReadyInTime(seconds: seconds, log: log) : .exitedBeforeReady(log: log))
        }
        guard let ready = try? JSONDecoder().decode(ReadyLine.self, from: Data(line.utf8)), ready.ready else {
            throw fail(.badReadyLine(line))
        }
        self.child = child
        pid = child.pid
        caFile = ready.ca
        connectTo = ready.connectTo
        controlPort = ready.control
        stateDirectory = state
        var servers: [String: Server] = [:]
        for (id, server) in ready.servers {
            servers[id] = Server(id: id, host: server.host, port: server.port)
        }
        self.servers = servers
    }

    /// Starts a backend without blocking a Swift concurrency thread while openssl and python start.
    public static func start(extraServers: [String: String] = [:], initialModes: [String: String] = [:],
                             tokenTTLSeconds: Int? = nil, verbose: Bool = false, extraArguments: [String] = [],
                             launcher: [String] = [], script: String = DemoBackendProcess.scriptPath,
                             readyTimeout: Duration = .seconds(60)) async throws -> DemoBackendProcess {
        try await OwnThread.run(throwing: {
            try DemoBackendProcess(extraServers: extraServers, initialModes: initialModes,
                                   tokenTTLSeconds: tokenTTLSeconds, verbose: verbose,
                                   extraArguments: extraArguments, launcher: launcher, script: script,
                                   readyTimeout: readyTimeout)
        })
    }

    deinit {
        stop()
    }

    /// The loopback port of a server, nil for an unknown id.
    public func port(of server: String) -> Int? {
        servers[server]?.port
    }

    /// The host name of a server (the one in its certificate and URL), nil for an unknown id.
    public func host(of server: String) -> String? {
        servers[server]?.host
    }

    /// `https://HOST` of a server: the server root of docs/PRODUCT.md: Derived addresses and custom server ids (append `/health`, `/api`, ...).
    public func rootURL(of server: String) -> String? {
        host(of: server).map { "https://\($0)" }
    }

    /// The `--connect-to` entry of one server only.
    public func connectTo(of server: String) -> String? {
        servers[server].map { "\($0.host):443:127.0.0.1:\($0.port)" }
    }

    /// Switches a server's mode while it runs. `delayMs` is the delay of `slow`; `bytes` the size of `huge_body`.
    /// When this returns, the change is in effect (for `down`, the port is closed; for `up`, it listens again).
    public func setMode(_ server: String, _ mode: String, delayMs: Int? = nil, bytes: Int? = nil) throws {
        var query: [String] = []
        if let delayMs { query.append("ms=\(delayMs)") }
        if let bytes { query.append("bytes=\(bytes)") }
        let path = "/mode/\(server)/\(mode)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let response = try control("POST", path)
        guard response.status == 200 else {
            throw DemoBackendError.controlFailed("\(path): \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
    }

    public func setMode(_ server: String, _ mode: DemoBackendMode, delayMs: Int? = nil, bytes: Int? = nil) throws {
        try setMode(server, mode.rawValue, delayMs: delayMs, bytes: bytes)
    }

    /// Per-server request and connection counters since start or the last `resetStats()`.
    public func stats() throws -> DemoBackendStats {
        let response = try control("GET", "/stats")
        guard response.status == 200 else { throw DemoBackendError.controlFailed("/stats: \(response.status)") }
        do {
            return try JSONDecoder().decode(DemoBackendStats.self, from: response.body)
        } catch {
            throw DemoBackendError.controlFailed("/stats: \(error)")
        }
    }

    public func resetStats() throws {
        let response = try control("POST", "/stats/reset")
        guard response.status == 200 else { throw DemoBackendError.controlFailed("/stats/reset: \(response.status)") }
    }

    /// Whether the backend process is still running.
    public var isRunning: Bool {
        child.exitStatusIfEnded() == nil
    }

    /// Closes the backend's stdin, waits for it to exit (killing it after `timeout`) and removes its state
    /// directory. Safe to call more than once. Returns the exit status (0 after a clean exit).
    @discardableResult
    public func stop(timeout: Duration = .seconds(10)) -> Int32 {
        child.closeStdin()
        let status = child.wait(timeout: timeout)
        try? FileManager.default.removeItem(atPath: stateDirectory)
        return status
    }

    private func control(_ method: String, _ path: String) throws -> DemoBackendControlClient.Response {
        guard isRunning else { throw DemoBackendError.stopped }
        return try DemoBackendControlClient.request(port: controlPort, method: method, path: path)
    }

    private struct ReadyLine: Decodable {
        struct Server: Decodable {
            let host: String
            let port: Int
        }
        let ready: Bool
        let control: Int
        let ca: String
        let servers: [String: Server]
        let connectTo: [String]
    }
}
