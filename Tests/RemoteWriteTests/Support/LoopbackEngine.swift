import Foundation
import TestSupport

/// A server the remote-write tests start on loopback (Debian's prometheus, victoria-metrics, or
/// our Python receiver), in a temporary folder: started in the background by the shell (signal
/// mask reset), waited for by polling a URL with a deadline, ended by its pid (SIGTERM: an outage).
final class LoopbackEngine: @unchecked Sendable {
    // @unchecked: set before the test shares it, read only after.
    let folder: String
    let name: String
    let command: String
    let readyURL: String
    let caFile: String
    private(set) var pid: Int32?

    init(folder: String, name: String, command: String, readyURL: String, caFile: String) {
        self.folder = folder
        self.name = name
        self.command = command
        self.readyURL = readyURL
        self.caFile = caFile
    }

    func setPid(_ number: Int32) { pid = number }

    /// Starts it and waits until `readyURL` answers 2xx (at most `seconds`).
    func start(seconds: Double = 20) async throws {
        try await startWithoutWaiting()
        if await Eventually.holds(within: .seconds(seconds), every: .milliseconds(50), {
            await ShellCommand.run(detached: "curl -fsS -o /dev/null --max-time 2 --cacert '\(caFile)' '\(readyURL)' 2>/dev/null") == 0
        }) { return }
        throw TestSupportError.setupFailed("\(name) not ready: \(log.suffix(2000))")
    }

    /// Ends it (SIGTERM: an engine keeps what it acknowledged; SIGKILL after 10 s) and waits
    /// until it is gone.
    func stop() async {
        guard let pid else { return }
        self.pid = nil
        kill(pid, SIGTERM)
        _ = await ShellCommand.run(detached:
            "i=0; while kill -0 \(pid) 2>/dev/null; do i=$((i+1)); [ $i -gt 500 ] && kill -9 \(pid); sleep 0.02; done")
    }

    var log: String { (try? String(contentsOfFile: "\(folder)/\(name).log", encoding: .utf8)) ?? "" }

    /// GET `url` with the test CA; the body (nil on failure).
    static func get(_ url: String, caFile: String, folder: String) async -> Data? {
        let out = "\(folder)/get-\(UUID().uuidString).json"
        guard await ShellCommand.run(detached: "curl -fsS --max-time 10 --cacert '\(caFile)' -o '\(out)' '\(url)'") == 0 else { return nil }
        return FileManager.default.contents(atPath: out)
    }

    /// A free TCP port on loopback (the kernel's choice).
    static func freePort(folder: String) async -> Int {
        let file = "\(folder)/port-\(UUID().uuidString)"
        _ = await ShellCommand.run(detached: """
            python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' >'\(file)'
            """)
        return Int((try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    /// A throwaway CA and a certificate for 127.0.0.1 and localhost signed by it, in `folder`
    /// (`ca.pem`, `server.pem`, `server.key`); `prefix` names a second set (a wrong CA).
    static func makeCertificates(folder: String, prefix: String = "") async throws {
        let p = "\(folder)/\(prefix)"
        let script = """
            set -e
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-ca -keyout '\(p)ca.key' -out '\(p)ca.pem' 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout '\(p)server.key' -out '\(p)server.csr' 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\n' >'\(p)ext.cnf'
            openssl x509 -req -in '\(p)server.csr' -CA '\(p)ca.pem' -CAkey '\(p)ca.key' -CAcreateserial -days 2 \
              -extfile '\(p)ext.cnf' -out '\(p)server.pem' 2>/dev/null
            chmod 644 '\(p)server.key'
            """
        guard await ShellCommand.run(detached: script) == 0 else { throw TestSupportError.setupFailed("openssl failed") }
    }
}

extension LoopbackEngine {
    /// Starts it without a ready URL (our receiver writes its port into `port` when it listens).
    func startWithoutWaiting() async throws {
        let pidFile = "\(folder)/\(name).pid"
        let status = await ShellCommand.run(detached: "(\(command)) >>'\(folder)/\(name).log' 2>&1 </dev/null & echo $! >'\(pidFile)'")
        guard status == 0, let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
              let number = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSupportError.setupFailed("\(name) did not start")
        }
        setPid(number)
    }

    /// The port our receiver listens on, once it does (at most 10 s).
    func waitForPortFile() async throws -> Int {
        var port: Int?
        await Eventually.holds(within: .seconds(10)) {
            port = (try? String(contentsOfFile: folder + "/port", encoding: .utf8)).flatMap { Int($0) }
            return port != nil
        }
        if let port { return port }
        throw TestSupportError.setupFailed("receiver did not listen: \(log.suffix(1000))")
    }
}
