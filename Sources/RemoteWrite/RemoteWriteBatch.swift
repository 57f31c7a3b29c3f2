import History
import Watch

/// What one remote-write request carries (issue 28): the raw history rows after the cursor as
/// `probe_success` stamped with each probe's own time (the same sample whether it leaves with
/// its round or in a backfill, so nothing is sent twice under two times), and, in the request
/// that reaches the present, the round's other textfile series stamped with the round's time.
/// Every series gets `facility` and `box`; the per-server ones already have `server`.
public enum RemoteWriteBatch {
    public struct Origin: Equatable, Sendable {
        public var facility: String
        public var box: String

        public init(facility: String, box: String) {
            self.facility = facility
            self.box = box
        }
    }

    /// The family history gives back; the round's copy of it is not sent again.
    public static let historyFamily = "probe_success"

    public static func series(rows: [HistoryDatabase.RawRow], round: [OpenMetricsReport.Family], roundAtMs: Int64?,
                              origin: Origin, roundIncludesHistoryFamily: Bool = false) -> [RemoteWriteSeries] {
        var result: [RemoteWriteSeries] = []
        var index: [String: Int] = [:]
        for row in rows {
            if let i = index[row.serverId] {
                result[i].samples.append((row.ok ? 1 : 0, row.at))
            } else {
                index[row.serverId] = result.count
                result.append(RemoteWriteSeries(labels: [("__name__", historyFamily), ("server", row.serverId)] + base(origin),
                                                samples: [(row.ok ? 1 : 0, row.at)]))
            }
        }
        guard let roundAtMs else { return result }
        for family in round where roundIncludesHistoryFamily || family.name != historyFamily {
            for sample in family.samples {
                let suffix = sample.labels.first { $0.0 == "__suffix" }?.1 ?? ""
                let labels = sample.labels.filter { $0.0 != "__suffix" && $0.0 != "facility" && $0.0 != "box" }
                result.append(RemoteWriteSeries(labels: [("__name__", family.name + suffix)] + labels.map { ($0.0, $0.1) } + base(origin),
                                                samples: [(sample.value, roundAtMs)]))
            }
        }
        return result
    }

    private static func base(_ origin: Origin) -> [(name: String, value: String)] {
        [("facility", origin.facility), ("box", origin.box)]
    }
}
