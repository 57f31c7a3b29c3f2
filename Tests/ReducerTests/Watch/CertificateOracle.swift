@testable import SettingsStore

/// What SPEC §15.3 says of certificate alerts, from the certificates the world's servers showed:
/// `cert_expiring` at 30, 14, 7 and 1 days left, once each per certificate (the lowest
/// threshold reached is always among them: a certificate that jumps from 20 to 5 days gets the
/// 7-day reminder), and `cert_expired` once per certificate that ended, never more.
struct CertificateOracle {
    let world: WatchWorld

    static func threshold(_ days: Int) -> Int? {
        WatchReducer.certificateReminderDays.last { days <= $0 }
    }

    func violations() -> [String] {
        var found: [String] = []
        if !world.repeatedKeys.isEmpty { found.append("one process sent these twice: \(world.repeatedKeys)") }
        for id in world.serverIds {
            let samples = world.samples[id, default: []]
            // An alert is about the certificate of the result it was decided on (same moment).
            var alerted: [String: [AlertEvent]] = [:]
            for alert in world.delivered.map(\.alert)
            where alert.server.id == id && [.certExpiring, .certExpired].contains(alert.kind) {
                guard let sha = samples.last(where: { $0.at == alert.at })?.certificate?.sha256 else {
                    found.append("\(alert.kind.rawValue) \(id) at \(alert.at - WatchWorld.start): no certificate seen then")
                    continue
                }
                alerted[sha, default: []].append(alert)
            }
            let shas = Set(samples.compactMap(\.certificate?.sha256))
            for sha in shas.sorted() {
                let days = samples.compactMap(\.certificate).filter { $0.sha256 == sha }.map(\.daysLeft)
                let alerts = alerted[sha, default: []]
                let reminders = alerts.filter { $0.kind == .certExpiring }.compactMap(\.daysLeft)
                let thresholds = reminders.compactMap(Self.threshold)
                if Set(thresholds).count != thresholds.count || thresholds.count != reminders.count {
                    found.append("\(id) \(sha): reminders at \(reminders) days (thresholds \(thresholds))")
                }
                if let lowest = days.filter({ $0 > 0 }).min(), let threshold = Self.threshold(lowest),
                   !thresholds.contains(threshold) {
                    found.append("\(id) \(sha): \(lowest) days left, yet no \(threshold)-day reminder (\(reminders))")
                }
                let expired = alerts.filter { $0.kind == .certExpired }.count
                if expired != (days.contains { $0 <= 0 } ? 1 : 0) {
                    found.append("\(id) \(sha): cert_expired sent \(expired) times for days \(days)")
                }
            }
        }
        return found
    }
}
