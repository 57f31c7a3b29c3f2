import History
import SettingsStore

/// The monitor's own OpenMetrics families (SPEC §15.2, §15.4), next to the checks' ones:
/// which server is in use, the fallback, uptime per window, open incidents, mutes, the health
/// duration histogram (the stored buckets) and when the last round finished, so a central
/// Prometheus can tell a silent monitor from a quiet one.
public enum MonitorMetrics {
    public static func families(state: AppState, histograms: [String: LatencyHistogram], roundFinishedAt: Double)
        -> [OpenMetricsReport.Family] {
        let settings = state.settings
        let servers = settings.availableServers
        var inUse = OpenMetricsReport.Family(name: "verbumcare_server_in_use", help: "1 for the server in use, 0 for the others")
        var fallback = OpenMetricsReport.Family(name: "verbumcare_fallback_active",
                                                help: "1 while pn51 is used because the configured server failed")
        var uptime = OpenMetricsReport.Family(name: "verbumcare_uptime_ratio",
                                              help: "Time up over time covered by the server's results, per window")
        var coverage = OpenMetricsReport.Family(name: "verbumcare_coverage_ratio",
                                                help: "Part of the window the box was probing the server at all")
        var reasons = OpenMetricsReport.Family(name: "verbumcare_incident_reason",
                                               help: "1 per open incident, labelled with its reason code and the numbers it names")
        var incidents = OpenMetricsReport.Family(name: "verbumcare_incidents_open", help: "Incidents open now (failure, certificate)")
        var muted = OpenMetricsReport.Family(name: "verbumcare_alerts_muted", help: "1 while the server's alerts are muted")
        var duration = OpenMetricsReport.Family(name: "verbumcare_health_duration_seconds",
                                                help: "Duration of successful health checks over the stored history",
                                                type: "histogram")
        var round = OpenMetricsReport.Family(name: "verbumcare_monitor_last_round_timestamp_seconds",
                                             help: "When the monitor last finished a round, in Unix seconds")
        // The fleet view flags a box silent after 3 of its own intervals (SPEC §15.4).
        var interval = OpenMetricsReport.Family(name: "verbumcare_monitor_probe_interval_seconds",
                                                help: "Seconds between the monitor's rounds (probe_interval)")
        interval.samples.append(([], Double(settings.probeInterval)))
        fallback.samples.append(([], settings.fallback == nil ? 0 : 1))
        round.samples.append(([], roundFinishedAt.rounded(.down)))
        let watch = state.watch
        for server in servers {
            let id = ("server", server.id)
            inUse.samples.append(([id], server.id == settings.currentServer.id ? 1 : 0))
            for window in HistoryWindow.allCases {
                guard let figures = watch.history?.figures[server.id]?[window] else { continue }
                if let ratio = figures.uptimeRatio {
                    uptime.samples.append(([id, ("window", window.rawValue)], ratio))
                }
                coverage.samples.append(([id, ("window", window.rawValue)], figures.coverage))
            }
            for incident in watch.history?.incidents(of: server.id) ?? [] where incident.isOpen {
                reasons.samples.append(([id, ("reason", incident.reason.code)] + Self.labels(incident.reason.params), 1))
            }
            let serverWatch = watch.servers[server.id]
            let open = (serverWatch?.incident == nil ? 0 : 1) + (serverWatch?.certIncident == nil ? 0 : 1)
            incidents.samples.append(([id], Double(open)))
            muted.samples.append(([id], watch.mutes.mute(of: server.id, at: roundFinishedAt) == nil ? 0 : 1))
            if let histogram = histograms[server.id] {
                for (label, count) in zip(LatencyHistogram.openMetricsLabels, histogram.cumulativeCounts) {
                    duration.samples.append(([("__suffix", "_bucket"), id, ("le", label)], Double(count)))
                }
                duration.samples.append(([("__suffix", "_count"), id], Double(histogram.count)))
                duration.samples.append(([("__suffix", "_sum"), id], histogram.sumMs / 1000))
            }
        }
        return [inUse, fallback, uptime, coverage, incidents, reasons, muted, duration, round, interval]
    }

    /// A reason's params as labels (`status="502"`), sorted; a name that is not a valid label
    /// name, or one the family already uses, is left out.
    static func labels(_ params: [String: String]) -> [(String, String)] {
        params.sorted { $0.key < $1.key }.filter { name, _ in
            !["server", "reason", "le", "window"].contains(name) && name.first.map { $0.isLetter || $0 == "_" } == true
                && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        }
    }
}
