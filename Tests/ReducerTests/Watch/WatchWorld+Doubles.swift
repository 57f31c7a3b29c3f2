import StoreTestSupport
import Testing
@testable import SettingsStore

/// The doubles the watch world's store runs its effects with, against the world's `Record`.
extension WatchWorld {
    static func answer(_ store: TestStore, _ record: Record) {
        store.runTimers([.scheduleRound, .scheduleMuteEnd, .scheduleDrillEnd])
        // The servers answer from their scripts: at once, or a second later when re-tested.
        store.answer(.testServers) { effect, _ in
            guard case let .testServers(servers, round, confirming) = effect else { return [] }
            if confirming { record.retests += 1 }
            return [.init(after: confirming ? 1 : 0) { at in
                if confirming { record.retests -= 1 }
                return .serversTested(round: round, results: servers.map { record.test($0, at: at) },
                                      confirming: confirming, at: at)
            }]
        }
        // The history's table and the outbox, as `HistoryStore` and `AlertOutbox` keep them.
        store.answer([.openIncident, .closeIncident, .sendAlert, .holdAlert, .dropHeldAlert, .recordAlertOutcome,
                      .deliverOutbox, .changeDrill],
                     atOnce: true) { effect, now in
            record.run(effect, at: now)
        }
        // What these stories do not read: the samples and the round's end are the world's own
        // account (`samples`, `effects`), pruning, the recorder check and the incidents'
        // history read back for the screen needs a database, and the monitor's TLS settings
        // and mDNS are no part of the rounds' answers here.
        store.ignore(.record, .roundFinished, .pruneHistory, .checkRecorder, .readHistory, .persistAppState,
                     .writeStatusPage, .updateTransport, .inspectMDNS)
    }
}

extension WatchWorld.Record {
    /// A test of `server` against its script (when the script runs out the server is up).
    func test(_ server: ServerConfig, at now: Double) -> DetailedStatus {
        let index = cursor[server.id, default: 0]
        cursor[server.id] = index + 1
        let script = scripts[server.id, default: []]
        let probe = index < script.count ? script[index] : WatchWorld.Probe(ok: true, certificate: nil)
        samples[server.id, default: []].append(WatchWorld.Sample(at: now, ok: probe.ok, process: process,
                                                                 certificate: probe.certificate))
        if firstSeen[process][server.id] == nil { firstSeen[process][server.id] = now }
        return WatchWorld.result(server, probe, at: now)
    }

    func run(_ effect: AppEffect, at now: Double) -> [TestStore.Completion] {
        switch effect {
        case .changeDrill(let change):
            // As `WatchRuntime` does: applied to the file under its lock, then read back.
            if case .success(let log) = change.applied(to: drills, now: now), log != drills {
                drills = log
                log.drills.last.map { self.log.append("drill \($0.id) changed at \(now - WatchWorld.start)") }
            }
        case let .openIncident(serverId, start, reason):
            // One open incident per server and kind (`HistoryStore.openIncident`).
            let new = WatchWorld.StoredIncident(serverId: serverId, start: start, reasonCode: reason.code.rawValue)
            if !incidents.contains(where: { $0.end == nil && $0.serverId == serverId && $0.isCertificate == new.isCertificate }) {
                incidents.append(new)
            }
        case let .closeIncident(serverId, certificate, end):
            for index in incidents.indices
            where incidents[index].end == nil && incidents[index].serverId == serverId
                && incidents[index].isCertificate == certificate {
                incidents[index].end = end
            }
        case .holdAlert(let alert):
            // As `AlertOutbox.hold`: not for a key alerted before, not twice.
            if !ledger.contains(alert.key), held[alert.key] == nil {
                held[alert.key] = alert
                if heldAt[alert.key] == nil { heldAt[alert.key] = (at: now, process: process) }
                log.append("held \(alert.key) at \(now - WatchWorld.start)")
            }
        case .dropHeldAlert(let key):
            if held.removeValue(forKey: key) != nil { log.append("dropped \(key) at \(now - WatchWorld.start)") }
        case .sendAlert(let alert):
            // Storing it ends its hold (`AlertOutbox.store`, one transaction).
            held[alert.ledgerKey] = nil
            if !emittedKeys.insert(alert.ledgerKey).inserted { repeatedKeys.append(alert.ledgerKey) }
            guard ledger.insert(alert.ledgerKey).inserted else { return [] }
            delivered.append((alert: alert, process: process))
            log.append("\(alert.kind.rawValue) \(alert.server.id) since \(alert.since.map { $0 - WatchWorld.start } ?? -1) at \(alert.at - WatchWorld.start)")
            // Stored, then delivered to every target at once (`WatchRuntime.send`).
            outbox[alert.ledgerKey] = Dictionary(uniqueKeysWithValues: WatchWorld.targets.map { ($0, nil) })
            decidedAt[alert.ledgerKey] = now
            return WatchWorld.targets.compactMap { deliver(alert.ledgerKey, $0, at: now) }
        case let .recordAlertOutcome(key, target, outcome):
            outbox[key]?[target] = outcome.status
        case .deliverOutbox:
            // What the outbox holds: pending rows and webhooks to try again (`AlertOutbox.due`).
            return outbox.keys.sorted().flatMap { key in
                WatchWorld.targets.compactMap { target -> TestStore.Completion? in
                    guard let row = outbox[key]?[target], row == nil || row == .retry else { return nil }
                    return deliver(key, target, at: now)
                }
            }
        default:
            break
        }
        return []
    }

    /// One attempt of `key` to `target`, unless one is under way: it ends after the time its
    /// target takes, with `alertDelivered`.
    private func deliver(_ key: String, _ target: AlertTarget, at now: Double) -> TestStore.Completion? {
        guard !inFlight.contains(where: { $0.key == key && $0.target == target }) else { return nil }
        let duration = WatchWorld.duration(of: target, from: now, webhookDown: webhookDown)
        inFlight.append((key, target, now, now + duration))
        let process = process
        return TestStore.Completion(after: duration) { [self] end in
            inFlight.removeAll { $0.key == key && $0.target == target }
            let status = WatchWorld.outcome(of: target, from: now, webhookDown: webhookDown)
            attempts.append((key, target, now, end, status, process))
            return .alertDelivered(key: key, target: target, outcome: AlertOutcome(status: status, detail: "", at: end))
        }
    }
}

extension WatchWorld {
    /// How an attempt that started at `start` ends: the hook that hangs fails at its time limit;
    /// the webhook is retried (by the outbox) when it was down at any of its three tries.
    static func outcome(of target: AlertTarget, from start: Double, webhookDown: [(from: Double, to: Double)]) -> AlertOutcome.Status {
        switch target {
        case .hook(let path): return path == "20-hang" ? .failed : .delivered
        case .webhook:
            let tries = [start, start + 2, start + 6]
            return tries.allSatisfy { at in webhookDown.contains { $0.from <= at && at < $0.to } } ? .retry : .delivered
        }
    }

    static func duration(of target: AlertTarget, from start: Double, webhookDown: [(from: Double, to: Double)]) -> Double {
        switch target {
        case .hook(let path): return path == "20-hang" ? 10 : 0.01
        case .webhook:
            // The first try that finds it up ends the attempt; three failures take 6 s.
            for (offset, at) in [0.0, 2, 6].map({ ($0, start + $0) }) where !webhookDown.contains(where: { $0.from <= at && at < $0.to }) {
                return offset + 0.01
            }
            return 6.01
        }
    }

    static func result(_ server: ServerConfig, _ probe: Probe, at time: Double) -> DetailedStatus {
        var result = ReducerWorld.status(server, health: probe.ok ? .up : .down, at: time)
        if let certificate = probe.certificate {
            // A minute short of whole days, so `daysLeft` (a started day counts) is exactly the script's.
            result.certificate = CertificateInfo(subject: "CN=\(server.id)", issuer: "CN=test", sans: [],
                                                 notBefore: time - 300 * 86_400,
                                                 notAfter: time + Double(certificate.daysLeft) * 86_400 - 60,
                                                 sha256: certificate.sha256)
        }
        return result
    }
}
