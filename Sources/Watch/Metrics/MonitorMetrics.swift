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
        var uptime = OpenMetricsReport.Family(name: "verbumcare_uptime_ratio", help: "Successful probes over probes, per window")
        var incidents = OpenMetricsReport.Family(name: "verbumcare_incidents_open", help: "Incidents open now (failure, certificate)")
        var muted = OpenMetricsReport.Family(name: "verbumcare_alerts_muted", help: "1 while the server's alerts are muted")
        var duration = OpenMetricsReport.Family(name: "verbumcare_health_duration_seconds",
                                                help: "Duration of successful health checks over the stored history",
                                                type: "histogram")
        var round = OpenMetricsReport.Family(name: "verbumcare_monitor_last_round_timestamp_seconds",
                                             help: "When the monitor last finished a round, in Unix seconds")
        fallback.samples.append(([], settings.fallback == nil ? 0 : 1))
        round.samples.append(([], roundFinishedAt.rounded(.down)))
        let watch = state.watch
        for server in servers {
            let id = ("server", server.id)
            inUse.samples.append(([id], server.id == settings.currentServer.id ? 1 : 0))
            for window in HistoryWindow.allCases {
                if let ratio = watch.history?.figures[server.id]?[window]?.uptimeRatio {
                    uptime.samples.append(([id, ("window", window.rawValue)], ratio))
                }
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
        return [inUse, fallback, uptime, incidents, muted, duration, round]
    }
}
