import Foundation
import Glibc
import TestSupport

/// scripts/webhook_receiver.py running on loopback: HTTPS with its own throwaway CA, a
/// certificate for `alerts.example.org`, every request's body kept in order. The monitor reaches
/// it through `--connect-to`, and trusts it through `alert_ca_bundle`.
final class WebhookReceiver: Sendable {
    static let host = "alerts.example.org"
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/webhook_receiver.py").path

    let directory: String
    let port: Int
    /// The receiver's CA (`alert_ca_bundle`).
    let caFile: String
    private let child: ChildProcess

    var url: String { "https://\(Self.host)/verbumcare" }
    var connectTo: String { "\(Self.host):443:127.0.0.1:\(port)" }

    /// `status`: what every request is answered with.
    init(in home: TemporaryHome, status: Int = 200) async throws {
        directory = home.path + "/webhook-receiver"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let python = BinaryRunner(program: "python3", home: home.path)
        child = try ChildProcess(python, [Self.script, "--dir", directory, "--status", String(status)])
        let ready = directory + "/ready.json"
        let child = child
        guard await eventually(seconds: 60, { FileManager.default.fileExists(atPath: ready) }),
              let data = FileManager.default.contents(atPath: ready),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let port = object["port"] as? Int, let ca = object["ca"] as? String else {
            child.killNow()
            throw TestSupportError.setupFailed("webhook receiver not ready: \(child.standardError)")
        }
        self.port = port
        caFile = ca
    }

    deinit { child.killNow() }

    func stop() { child.killNow() }

    /// From now on every request is answered with `status` (nil: the status it was started with).
    func answer(_ status: Int?) throws {
        let path = directory + "/status"
        if let status {
            try "\(status)\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
            guard rename(path + ".tmp", path) == 0 else { throw TestSupportError.setupFailed("rename \(path)") }
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Every alert received so far and accepted (2xx), in arrival order; `all`: refused ones too.
    func alerts(all: Bool = false) -> [DeliveredAlert] {
        guard let text = try? String(contentsOfFile: directory + "/posts.jsonl", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let time = object["t"] as? Double, let body = object["body"] as? String,
                  object["method"] as? String == "POST",
                  all || (200..<300).contains(object["status"] as? Int ?? 200) else { return nil }
            return DeliveredAlert(receivedAt: time, json: body, via: "webhook")
        }
    }
}
