import Foundation
import Glibc
import Testing
import TestSupport

/// The real `monitor --once` pushes its round by remote write (issue 28): against a receiver of
/// our own on loopback (Tests/RemoteWriteTests/Support/receiver.py, HTTPS with a test CA put
/// in the `--cacert` bundle beside the demo backend's), the request carries the protocol's
/// headers, the token from the file, and the round's series with `facility`, `box` and `server`;
/// the cursor is kept in the state folder.
@Suite struct MonitorPushTests {
    static let receiverScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RemoteWriteTests/Support/receiver.py").path

    @Test func monitorOncePushesItsRound() async throws {
        let home = try TemporaryHome(prefix: "monitor-push")
        let folder = home.path + "/receiver"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(await ShellCommand.run(detached: """
            cd '\(folder)' && openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=rw-ca -keyout ca.key -out ca.pem 2>/dev/null \
            && openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout server.key -out server.csr 2>/dev/null \
            && printf 'subjectAltName=IP:127.0.0.1\\n' > ext.cnf \
            && openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf -out server.pem 2>/dev/null
            """) == 0)
        let python = BinaryRunner(program: "python3", home: home.path)
        let receiver = try ChildProcess(python, [Self.receiverScript, folder, folder + "/server.pem", folder + "/server.key",
                                                 String(getpid())])
        defer { receiver.killNow() }
        // The receiver opens the file before it writes the number: wait for the number itself.
        func writtenPort() -> String? {
            let text = (try? String(contentsOfFile: folder + "/port", encoding: .utf8)) ?? ""
            return Int(text).map(String.init)
        }
        #expect(await eventually(seconds: 20) { writtenPort() != nil })
        let port = try #require(writtenPort())
        let demo = try await DemoBackendProcess.start(initialModes: [:])
        defer { demo.stop() }
        let bundle = home.path + "/bundle.pem"
        try (String(contentsOfFile: demo.caFile, encoding: .utf8) + String(contentsOfFile: folder + "/ca.pem", encoding: .utf8))
            .write(toFile: bundle, atomically: true, encoding: .utf8)
        let token = home.path + "/token"
        try "monitor-token-value\n".write(toFile: token, atomically: false, encoding: .utf8)
        chmod(token, 0o600)
        let settings: [String: Any] = ["probe_interval": 2, "connection_timeout": 5,
                                       "remote_write_url": "https://127.0.0.1:\(port)/ok",
                                       "remote_write_token_file": token, "facility": "テスト施設"]
        try home.write(String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self) + "\n",
                       to: "config/verbumcare/settings.json")
        let runner = try BinaryRunner(home: home.path)
        let result = try await runner.run(["--cacert", bundle, "--lang", "en"] + demo.connectTo.flatMap { ["--connect-to", $0] }
                                          + ["monitor", "--once"])
        #expect(result.exitCode == 0 || result.exitCode == 2, "\(result)")
        let headers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/last-headers.json")))
            as? [String: String] ?? [:]
        #expect(headers["authorization"] == "Bearer monitor-token-value")
        #expect(headers["content-encoding"] == "snappy")
        #expect(headers["x-prometheus-remote-write-version"] == "0.1.0")
        // The body is a snappy block: the label words are inside it (short literals), and the
        // state file says the receiver accepted it.
        let body = try Data(contentsOf: URL(fileURLWithPath: folder + "/last-body.bin"))
        #expect(body.count > 100)
        let state = try String(contentsOfFile: home.stateDirectory + "/remote-write.json", encoding: .utf8)
        #expect(state.contains("\"code\": \"204\"") || state.contains("\"code\":\"204\""), "\(state)")
        #expect(!(result.standardOutput + result.standardError).contains("monitor-token-value"))
    }
}
