import AppCore
import Foundation
import RemoteWrite
import Synchronization
import Testing
import TestSupport
import Watch

/// Issue 28's bad receivers, each against a receiver of our own on loopback (HTTPS, test CA):
/// 400, 401, 413, 500, a redirect, a wrong certificate, a hang and a 10 MB answer. Each is told
/// once with its reason, the cursor moves past a batch only when it was refused for good, the
/// token never reaches the log, and nothing leaves the box's history.
@Suite(.serialized) struct ReceiverTroubleTests {
    struct Case: Sendable, CustomStringConvertible {
        var path: String
        var expected: RemoteWriteAnswer
        var verdict: RemoteWritePolicy.Verdict
        var description: String { path }
    }

    static let cases: [Case] = [
        Case(path: "400", expected: .status(400), verdict: .skipBatch),
        Case(path: "401", expected: .status(401), verdict: .skipBatch),
        Case(path: "413", expected: .status(413), verdict: .skipBatch),
        Case(path: "500", expected: .status(500), verdict: .retryLater),
        Case(path: "redirect", expected: .redirect(302), verdict: .retryLater),
        Case(path: "hang", expected: .failed("timeout"), verdict: .retryLater),
        Case(path: "big", expected: .failed("too_large"), verdict: .retryLater),
        Case(path: "wrong-certificate", expected: .failed("tls_untrusted"), verdict: .retryLater),
    ]

    @Test func eachTroubleIsToldOnceAndNothingIsPassedOverUnlessRefused() async throws {
        let log = CollectedLog()
        let rig = try PushRig(name: "trouble", logger: log.logger)
        defer { try? FileManager.default.removeItem(atPath: rig.home.path) }
        let folder = rig.home.path
        try await LoopbackEngine.makeCertificates(folder: folder)
        try await LoopbackEngine.makeCertificates(folder: folder, prefix: "other-")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/receiver.py").path
        let receiver = LoopbackEngine(
            folder: folder, name: "receiver",
            command: "exec python3 '\(script)' '\(folder)' '\(folder)/server.pem' '\(folder)/server.key' \(getpid())",
            readyURL: "", caFile: folder + "/ca.pem")
        try await receiver.startWithoutWaiting()
        defer { if let pid = receiver.pid { kill(pid, SIGKILL) } }
        let port = try await receiver.waitForPortFile()
        let now = Int64(Date().timeIntervalSince1970 * 1000) / 10_000 * 10_000
        try rig.record(from: now - 60_000, to: now)
        let rowsBefore = try rig.rawRowCount()
        for trouble in Self.cases {
            try? FileManager.default.removeItem(atPath: rig.paths.stateDirectory + "/remote-write.json")
            await rig.pusher.forget()
            let wrongCA = trouble.path == "wrong-certificate"
            let path = wrongCA ? "ok" : trouble.path
            let configuration = rig.configuration(url: "https://127.0.0.1:\(port)/\(path)",
                                                  caFile: folder + (wrongCA ? "/other-ca.pem" : "/ca.pem"),
                                                  since: now - 60_000, batchRows: 4, timeoutMs: 1500)
            let toldBefore = log.lines.filter { $0.contains("remote write not accepted") }.count
            let first = await rig.pusher.push([], roundAtMs: now, configuration: configuration)
            let second = await rig.pusher.push([], roundAtMs: now, configuration: configuration)
            #expect(first.lastAnswer == trouble.expected, "\(trouble): \(String(describing: first.lastAnswer))")
            #expect(second.lastAnswer == trouble.expected, "\(trouble)")
            let told = log.lines.filter { $0.contains("remote write not accepted") }.dropFirst(toldBefore)
            #expect(told.count == 1, "\(trouble) told \(told.count) times")
            #expect(told.first?.contains("reason=\(trouble.expected.detail)") == true, "\(trouble): \(told)")
            switch trouble.verdict {
            case .skipBatch:
                // One batch (4 rows) skipped per push, told once; the rows stay in history.
                #expect(second.cursor! > first.cursor!, "\(trouble)")
            case .retryLater, .accepted:
                #expect(first.cursor == RemoteWritePolicy.initialCursor(since: now - 60_000), "\(trouble)")
                #expect(second.cursor == first.cursor, "\(trouble)")
            }
        }
        #expect(try rig.rawRowCount() == rowsBefore)
        #expect(!log.lines.contains { $0.contains("test-token") }, "the token reached the log")
    }

    /// The request itself: the protocol's headers, the bearer token from the file, and a body
    /// that is a snappy block of the series, labelled with facility, box and server.
    @Test func anAcceptedPushCarriesTheProtocolsHeadersAndTheSeries() async throws {
        let rig = try PushRig(name: "accepted")
        defer { try? FileManager.default.removeItem(atPath: rig.home.path) }
        let folder = rig.home.path
        try await LoopbackEngine.makeCertificates(folder: folder)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/receiver.py").path
        let receiver = LoopbackEngine(
            folder: folder, name: "receiver",
            command: "exec python3 '\(script)' '\(folder)' '\(folder)/server.pem' '\(folder)/server.key' \(getpid())",
            readyURL: "", caFile: folder + "/ca.pem")
        try await receiver.startWithoutWaiting()
        defer { if let pid = receiver.pid { kill(pid, SIGKILL) } }
        let port = try await receiver.waitForPortFile()
        let now = Int64(Date().timeIntervalSince1970 * 1000) / 10_000 * 10_000
        try rig.record(from: now - 30_000, to: now)
        var family = OpenMetricsReport.Family(name: "verbumcare_server_in_use", help: "")
        family.samples.append(([("server", "s1")], 1))
        let state = await rig.pusher.push([family], roundAtMs: now,
                                          configuration: rig.configuration(url: "https://127.0.0.1:\(port)/ok", caFile: folder + "/ca.pem",
                                                                           since: now - 30_000))
        #expect(state.lastAnswer == .status(204))
        let headers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/last-headers.json")))
            as? [String: String] ?? [:]
        #expect(headers["content-encoding"] == "snappy")
        #expect(headers["content-type"] == "application/x-protobuf")
        #expect(headers["x-prometheus-remote-write-version"] == "0.1.0")
        #expect(headers["authorization"] == "Bearer test-token-0123456789abcdef")
        let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/last-body.bin")))
        let expected = WriteRequestEncoder.encode(RemoteWriteBatch.series(
            rows: try rig.rawRows(), round: [family], roundAtMs: now,
            origin: RemoteWriteBatch.Origin(facility: PushRig.facility, box: "box-1")))
        #expect(Snappy.uncompress(body) == expected)
        let text = String(decoding: Snappy.uncompress(body) ?? [], as: UTF8.self)
        for word in ["probe_success", "verbumcare_server_in_use", "facility", PushRig.facility, "box-1", "s1", "s2"] {
            #expect(text.contains(word), "\(word)")
        }
    }

    /// A round's push runs in a task its owner runs beside its other work (the monitor: a child
    /// of the round's callback, which the effect runner tracks), so it never holds the round;
    /// and cancelling the owner ends it at once, long before a receiver that never answers
    /// (30 s) or the request's time limit (60 s) would, with the cursor where it was and nothing
    /// told about the receiver.
    @Test func aPushToAHangingReceiverEndsWithItsOwnersTask() async throws {
        let log = CollectedLog()
        let rig = try PushRig(name: "hang", logger: log.logger)
        defer { try? FileManager.default.removeItem(atPath: rig.home.path) }
        let folder = rig.home.path
        try await LoopbackEngine.makeCertificates(folder: folder)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/receiver.py").path
        let receiver = LoopbackEngine(
            folder: folder, name: "receiver",
            command: "exec python3 '\(script)' '\(folder)' '\(folder)/server.pem' '\(folder)/server.key' \(getpid())",
            readyURL: "", caFile: folder + "/ca.pem")
        try await receiver.startWithoutWaiting()
        defer { if let pid = receiver.pid { kill(pid, SIGKILL) } }
        let port = try await receiver.waitForPortFile()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        try rig.record(from: now - 30_000, to: now)
        let configuration = rig.configuration(url: "https://127.0.0.1:\(port)/hang", caFile: folder + "/ca.pem",
                                               since: now - 30_000, timeoutMs: 60_000)
        let ended = Mutex(false)
        let owner = Task {
            await rig.pusher.roundFinished([], at: Double(now) / 1000, configuration: configuration)
            ended.withLock { $0 = true }
        }
        // The push is under way (the receiver got the request), and its owner waits on it.
        #expect(await Eventually.holds(within: .seconds(20)) { FileManager.default.fileExists(atPath: folder + "/requests.log") })
        #expect(!ended.withLock { $0 }, "the push returned while its receiver still holds the request")
        owner.cancel()
        #expect(await Eventually.holds(within: .seconds(20)) { ended.withLock { $0 } }, "the cancelled push still runs")
        #expect(await rig.pusher.stateFile.read() == nil, "a cancelled push moved or wrote the cursor")
        #expect(!log.lines.contains { $0.contains("not accepted") }, "a cancelled push was told as a trouble: \(log.lines)")
    }
}
