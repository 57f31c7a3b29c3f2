import AppCore
import Foundation
import Glibc
import History
import PropertyBased
import TestSupport
import Testing

/// The alert outbox (SPEC §15.3, "No alert is lost"): stored before delivery, a delivery done
/// only when its outcome is recorded, what a killed process left is due again, a failing
/// webhook is due every round for 24 h and then dropped, and the store is the ledger.
@Suite("History: the alert outbox")
struct AlertOutboxTests {
    static let now: Int64 = 1_800_000_000_000

    static func alert(_ key: String, at: Int64 = now, targets: [AlertTarget]) -> OutboxAlert {
        OutboxAlert(key: key, created: at, kind: String(key.prefix { $0 != ":" }), serverId: "mac-mini",
                    body: #"{"event":"server_down"}"#, environment: ["VERBUMCARE_EVENT": "server_down", "VERBUMCARE_REASON": "http_status"],
                    targets: targets)
    }

    static let hook = AlertTarget.hook(path: "/etc/verbumcare/hooks.d/50-log")
    static let webhook = AlertTarget.webhook(url: "https://alerts.example.org/in?token=secret")

    @Test func aStoredAlertIsDueForEveryTargetUntilEachOutcomeIsRecorded() throws {
        let fixture = try HistoryFixture()
        let outbox = try AlertOutbox.open(path: fixture.folder + "/outbox.sqlite3", now: Self.now).get()
        #expect(try outbox.store(Self.alert("server_down:mac-mini:1", targets: [Self.hook, Self.webhook])))
        #expect(try !outbox.store(Self.alert("server_down:mac-mini:1", targets: [Self.hook])), "the ledger: once")
        #expect(try outbox.due().map(\.target) == [Self.hook, Self.webhook])

        try outbox.record(key: "server_down:mac-mini:1", target: Self.hook,
                          outcome: AlertOutcome(status: .delivered, detail: "exit 0", at: 1_800_000_001))
        // A killed process: reopened, the webhook is still due, with the same body.
        let reopened = try AlertOutbox.open(path: outbox.path, now: Self.now).get()
        let due = try reopened.due()
        #expect(due.map(\.target) == [Self.webhook])
        #expect(due.first?.alert.body == #"{"event":"server_down"}"#)
        #expect(due.first?.alert.environment["VERBUMCARE_REASON"] == "http_status")
        #expect(try reopened.summary().waiting == 1)
        #expect(try reopened.summary().lastOutcomes[Self.hook]?.detail == "exit 0")
    }

    @Test func aWebhookThatKeepsFailingIsDueForADayThenDropped() throws {
        let fixture = try HistoryFixture()
        let outbox = try AlertOutbox.open(path: fixture.folder + "/outbox.sqlite3", now: Self.now).get()
        _ = try outbox.store(Self.alert("server_down:mac-mini:1", targets: [Self.webhook]))
        try outbox.record(key: "server_down:mac-mini:1", target: Self.webhook,
                          outcome: AlertOutcome(status: .retry, detail: "503", at: 1_800_000_010))
        #expect(try outbox.expire(now: Self.now + 23 * 3_600_000).isEmpty)
        #expect(try outbox.due().count == 1, "still tried every round within 24 h")
        let dropped = try outbox.expire(now: Self.now + 24 * 3_600_000 + 1)
        #expect(dropped.map(\.target) == [Self.webhook])
        #expect(try outbox.due().isEmpty)
        #expect(try outbox.contains(key: "server_down:mac-mini:1"), "dropped, but still alerted: never sent again")
    }

    @Test func openOutagesAreTheDownAlertsWithoutTheirUp() throws {
        let fixture = try HistoryFixture()
        let outbox = try AlertOutbox.open(path: fixture.folder + "/outbox.sqlite3", now: Self.now).get()
        _ = try outbox.store(Self.alert("server_down:mac-mini:100", targets: []))
        _ = try outbox.store(Self.alert("server_up:mac-mini:100", at: Self.now + 1, targets: []))
        _ = try outbox.store(Self.alert("server_down:mac-mini:200", at: Self.now + 2, targets: []))
        _ = try outbox.store(Self.alert("fallback_started:mac-mini:150", at: Self.now + 3, targets: []))
        let open = try outbox.openOutages()
        #expect(open == [InheritedIncident(serverId: "fallback:mac-mini", start: 150, reasonCode: "http_status"),
                         InheritedIncident(serverId: "mac-mini", start: 200, reasonCode: "http_status")])
    }

    /// A FIFO, a folder or a link in place of the outbox or its WAL: refused at once, never
    /// opened (a FIFO would block), and whatever a link leads to is left as it is.
    @Test(arguments: ["fifo", "folder", "link", "wal-fifo"])
    func aSpecialFileInItsPlaceIsRefusedAtOnce(kind: String) throws {
        let fixture = try HistoryFixture()
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        let path = fixture.folder + "/outbox.sqlite3"
        let decoy = fixture.folder + "/decoy"
        try fixture.write(Array("not ours\n".utf8), to: decoy)
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "wal-fifo": #expect(mkfifo(path + "-wal", 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: decoy)
        }
        guard case .failure(.refused(let file, _)) = AlertOutbox.open(path: path, now: Self.now) else {
            Issue.record("\(kind) should be refused")
            return
        }
        #expect(file.contains("outbox.sqlite3"), "\(file)")
        #expect(fixture.bytes(decoy) == Array("not ours\n".utf8))
    }

    @Test func aFileThatIsNotAnOutboxIsMovedAsideAndTheFilesArePrivate() throws {
        let fixture = try HistoryFixture()
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        let path = fixture.folder + "/outbox.sqlite3"
        try fixture.write(Array(repeating: 0x41, count: 4096), to: path)
        let outbox = try AlertOutbox.open(path: path, now: Self.now).get()
        #expect(outbox.movedAside?.contains("outbox.sqlite3.corrupt-") == true)
        #expect(try outbox.store(Self.alert("server_down:mac-mini:1", targets: [Self.hook])))
        for name in fixture.folderNames where name.hasPrefix("outbox.sqlite3") && !name.contains("corrupt") {
            var info = stat()
            #expect(stat(fixture.folder + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600,
                    "\(name): \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    /// Model-based: any interleaving of stores, outcomes, reopenings (a process killed at any
    /// point) and expiries. The model: a delivery is due exactly while it has no final outcome
    /// and its alert is younger than a day (webhooks); every key is stored once.
    @Test func anyStoryKeepsEveryUnfinishedDeliveryDue() async {
        enum Step: CustomStringConvertible {
            case store(Int, Bool, Bool)      // alert number, to the hook, to the webhook
            case outcome(Int, Bool, AlertOutcome.Status)
            case reopen
            case hours(Int)
            var description: String {
                switch self {
                case let .store(n, h, w): "store \(n)\(h ? " hook" : "")\(w ? " webhook" : "")"
                case let .outcome(n, hook, status): "\(n) \(hook ? "hook" : "webhook") \(status.rawValue)"
                case .reopen: "reopen"
                case .hours(let h): "+\(h) h"
                }
            }
        }
        let statuses: [AlertOutcome.Status] = [.delivered, .failed, .retry]
        let step = zip(Gen.int(in: 0...9), zip(Gen.int(in: 0...3), Gen.bool, Gen.bool), Gen.int(in: 0...2),
                       Gen.int(in: 1...30)).map { kind, alert, s, h -> Step in
            let (n, a, b) = alert
            switch kind {
            case 0...3: return .store(n, a, b)
            case 4...6: return .outcome(n, a, statuses[s])
            case 7: return .reopen
            default: return .hours(h)
            }
        }
        await propertyCheck(count: 150, input: step.array(of: 1...25)) { steps in
            guard let fixture = try? HistoryFixture(), var outbox = try? AlertOutbox.open(
                path: fixture.folder + "/outbox.sqlite3", now: Self.now).get() else {
                Issue.record("cannot open")
                return
            }
            var clock = Self.now
            // The model: per key, when stored and each target's status.
            var model: [String: (created: Int64, targets: [AlertTarget: AlertOutcome.Status?])] = [:]
            for step in steps {
                switch step {
                case let .store(n, toHook, toWebhook):
                    let key = "server_down:s\(n):\(n)"
                    let targets = (toHook ? [Self.hook] : []) + (toWebhook ? [Self.webhook] : [])
                    let stored = (try? outbox.store(Self.alert(key, at: clock, targets: targets))) ?? false
                    #expect(stored == (model[key] == nil), "\(steps): \(step)")
                    if model[key] == nil {
                        model[key] = (clock, Dictionary(uniqueKeysWithValues: targets.map { ($0, nil) }))
                    }
                case let .outcome(n, hook, status):
                    let key = "server_down:s\(n):\(n)"
                    let target = hook ? Self.hook : Self.webhook
                    guard model[key]?.targets.keys.contains(target) == true else { continue }
                    try? outbox.record(key: key, target: target,
                                       outcome: AlertOutcome(status: status, detail: "", at: Double(clock) / 1000))
                    model[key]?.targets[target] = status
                case .reopen:
                    if let reopened = try? AlertOutbox.open(path: outbox.path, now: clock).get() { outbox = reopened }
                case .hours(let hours):
                    clock += Int64(hours) * 3_600_000
                    _ = try? outbox.expire(now: clock)
                    for (key, entry) in model where entry.created < clock - AlertOutbox.retryWindowSeconds * 1000 {
                        for (target, status) in entry.targets where status == .retry { model[key]?.targets[target] = .dropped }
                    }
                }
            }
            let due = Set(((try? outbox.due()) ?? []).map { $0.alert.key + " " + $0.target.storageKey })
            var expected: Set<String> = []
            for (key, entry) in model {
                for (target, status) in entry.targets where status == nil || status == .retry {
                    expected.insert(key + " " + target.storageKey)
                }
            }
            #expect(due == expected, "\(steps)")
        }
    }
}
