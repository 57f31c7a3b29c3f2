import Foundation
import Glibc
import Testing
import TestSupport

/// A drill from start to end with the real monitor (SPEC §16): the demo backend stays up, the
/// monitor treats the configured server (Mac Mini) as down, falls back to pn51, and every
/// alert of it reaches a real hook with `VERBUMCARE_DRILL=1` and the HTTPS webhook with
/// `drill: true`, its message starting with the drill word; `drill ack` and `drill end` are
/// recorded, and the record (訓練記録) matches the story's own timeline. Mac Mini's real
/// results go on being recorded: no incident, full uptime.
@Suite("monitor: drills end to end", .serialized)
struct MonitorDrillTests {
    static func object(_ result: ProcessResult) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [String: Any]
    }

    @Test("drill start → the first alert marked drill → ack → end → server_up marked drill; the record's fields on the timeline")
    func drillStory() async throws {
        let rig = try await MonitorRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"])
        try rig.hooks.install("50-record")
        try await rig.startMonitor()

        let before = Date().timeIntervalSince1970
        let started = try await rig.run(["drill", "start", "--for", "10m", "--participants", "Sato, Kim"])
        let startedBy = Date().timeIntervalSince1970
        #expect(started.exitCode == 0 && started.standardOutput.hasPrefix("DRILL"), "\(started)")

        // `status` says it, in words and in its JSON, while the drill runs.
        let status = try await rig.run(["status", "--json"])
        let statusDrill = Self.object(status)?["drill"] as? [String: Any]
        #expect(statusDrill?["mark"] as? String == "DRILL" && statusDrill?["server"] as? String == "mac-mini", "\(status)")
        let plain = try await rig.run(["status"])
        #expect(plain.standardOutput.hasPrefix("DRILL: Mac Mini"), "\(plain)")

        #expect(await rig.waitFor("server_down", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        #expect(await rig.waitFor("fallback_started", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        let ackFrom = Date().timeIntervalSince1970
        let acked = try await rig.run(["drill", "ack"])
        let ackTo = Date().timeIntervalSince1970
        #expect(acked.exitCode == 0, "\(acked)")
        let endFrom = Date().timeIntervalSince1970
        let ended = try await rig.run(["drill", "end", "--note", "pn51 took over"])
        let endTo = Date().timeIntervalSince1970
        #expect(ended.exitCode == 0, "\(ended)")
        #expect(await rig.waitFor("server_up", "mac-mini"), "\(rig.delivered())\n\(rig.log)")
        try await rig.waitForRounds(2)

        // Every alert of the drill is marked, on every surface; nothing else was alerted.
        let (hook, webhook) = rig.delivered()
        #expect(!hook.isEmpty && hook.allSatisfy { $0.serverId == "mac-mini" }, "\(hook)")
        for alert in hook {
            #expect(alert.environment?["VERBUMCARE_DRILL"] == "1", "\(alert)")
            #expect(alert.environment?["VERBUMCARE_MESSAGE"]?.hasPrefix("[DRILL] ") == true, "\(String(describing: alert.environment))")
        }
        for alert in webhook {
            let body = (try? JSONSerialization.jsonObject(with: Data(alert.json.utf8))) as? [String: Any]
            #expect(body?["drill"] as? Bool == true && (body?["message"] as? String)?.hasPrefix("[DRILL] ") == true, "\(alert.json)")
        }
        #expect(hook.map(\.json) == webhook.map(\.json), "hooks and webhooks get the same JSON")
        let down = try #require(hook.first { $0.event == "server_down" })
        #expect(down.reasonCode == "connect", "\(down)")

        // The record against the story's timeline.
        let record = try await rig.run(["drill", "status", "--json"])
        let drill = try #require(Self.object(record)?["drill"] as? [String: Any], "\(record)")
        let number = { (key: String) in (drill[key] as? NSNumber)?.doubleValue }
        let field = { (key: String, inner: String) in ((drill[key] as? [String: Any])?[inner] as? NSNumber)?.doubleValue }
        let start = try #require(number("start"))
        #expect(start >= before - 0.001 && start <= startedBy, "start \(start) not within the command's run")
        #expect(drill["scenario"] as? String == "down" && drill["server"] as? String == "mac-mini"
                && drill["participants"] as? String == "Sato, Kim", "\(drill)")
        let first = try #require(field("first_alert", "at"))
        // Sent, then received by the hook: the first alert is the first one the hook got.
        let received = hook.map(\.receivedAt).min() ?? 0
        #expect(first > start && first <= received + 0.001, "first alert \(first), hook got it at \(received)")
        #expect(abs((number("first_alert_delay_s") ?? -1) - (first - start)) < 0.01, "\(drill)")
        let fallback = try #require(drill["fallback"] as? [String: Any], "\(drill)")
        #expect(fallback["to"] as? String == "pn51", "\(fallback)")
        let fallbackAt = try #require(field("fallback", "at"))
        let fallbackHook = hook.first { $0.event == "fallback_started" }?.receivedAt ?? 0
        #expect(fallbackAt > start && fallbackAt <= fallbackHook + 0.001, "fallback \(fallbackAt), hook \(fallbackHook)")
        let ack = try #require(field("acknowledged", "at"))
        #expect(ack >= ackFrom - 0.001 && ack <= ackTo, "ack \(ack) not within `drill ack` (\(ackFrom)…\(ackTo))")
        let end = try #require(number("end"))
        #expect(end >= endFrom - 0.001 && end <= endTo, "end \(end) not within `drill end` (\(endFrom)…\(endTo))")
        #expect(drill["ended_by"] as? String == "command" && drill["closed_by_restart"] as? Bool == false, "\(drill)")
        #expect(((drill["notes"] as? [[String: Any]])?.first?["text"] as? String) == "pn51 took over", "\(drill)")
        print("drill record: first alert after \(String(format: "%.2f", first - start)) s, fallback after "
              + "\(String(format: "%.2f", fallbackAt - start)) s, acknowledged after \(String(format: "%.2f", ack - start)) s")

        // Real results recorded apart: Mac Mini has no incident and full uptime over the drill.
        let history = try await rig.run(["history", "mac-mini", "--json"])
        let servers = Self.object(history)?["servers"] as? [[String: Any]]
        let mini = servers?.first { $0["id"] as? String == "mac-mini" }
        #expect((mini?["incidents"] as? [Any])?.isEmpty == true, "\(history)")
        let day = (mini?["windows"] as? [String: Any])?["24h"] as? [String: Any]
        #expect((day?["uptimeRatio"] as? NSNumber)?.doubleValue == 1 && ((day?["probes"] as? NSNumber)?.intValue ?? 0) > 0,
                "\(String(describing: day))")
        let all = try await rig.run(["history", "--json"])
        let fallbacks = (Self.object(all)?["servers"] as? [[String: Any]])?.flatMap { ($0["incidents"] as? [Any]) ?? [] }
        #expect(fallbacks?.isEmpty == true, "no incident at all: \(all.standardOutput)")
    }

    @Test("bad input in three languages: unknown server, a second drill, over 4 h, unparsable, ack and end with no drill",
          arguments: ["en", "ja", "zh-Hant"])
    func badInput(language: String) async throws {
        let home = try TemporaryHome(prefix: "drill-bad")
        let runner = try BinaryRunner(home: home.path)
        let file = home.stateDirectory + "/drills.json"
        let expected: [String: [String]] = [
            "en": ["No server matches nope", "A drill is already running", "Cannot use \"5h\"", "Cannot use \"soon\"",
                   "No drill is running.", "No drill is running."],
            "ja": ["nope に一致するサーバーはありません", "すでに訓練を実行中です", "「5h」は訓練の時間として使えません",
                   "「soon」は訓練の時間として使えません", "実行中の訓練はありません。", "実行中の訓練はありません。"],
            "zh-Hant": ["沒有符合 nope 的伺服器", "已有演練正在進行", "無法以「5h」作為演練時間", "無法以「soon」作為演練時間",
                        "目前沒有進行中的演練。", "目前沒有進行中的演練。"],
        ]
        let words = try #require(expected[language])
        for (index, arguments) in [["drill", "ack"], ["drill", "end"]].enumerated() {
            let result = try await runner.run(["--lang", language] + arguments)
            #expect(result.exitCode == 1 && result.standardError.contains(words[4 + index]), "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: file), "nothing written")
        let unknown = try await runner.run(["--lang", language, "drill", "start", "--server", "nope"])
        #expect(unknown.exitCode == 1 && unknown.standardError.contains(words[0]), "\(unknown)")
        for (value, word) in [("5h", words[2]), ("soon", words[3])] {
            let result = try await runner.run(["--lang", language, "drill", "start", "--for", value])
            #expect(result.exitCode == 1 && result.standardError.contains(word), "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: file), "nothing written")
        let first = try await runner.run(["--lang", language, "drill", "start", "--for", "4h"])
        #expect(first.exitCode == 0, "\(first)")
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        let second = try await runner.run(["--lang", language, "drill", "start", "--server", "pn51"])
        #expect(second.exitCode == 1 && second.standardError.contains(words[1]), "\(second)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept, "the running drill is not lost or changed")
    }
}
