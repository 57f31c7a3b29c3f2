import AppLoop
import Connectivity
import Dispatch
import FoundationEssentials
import Glibc
import Logging
import RemoteWrite
import SettingsStore
import SettingsUI
import TerminalBackend
import Watch

/// The monitor: the app's loop with no screen, the watch attached as the monitor (every
/// server tested each round, history recorded, alerts sent), the connectivity runtime as in
/// the app (the server in use, fallback, app-state.json). After each round it writes the
/// textfile; SIGTERM and SIGINT stop it after the round in flight.
@MainActor
final class MonitorService {
    private let context: CommandContext
    private let transport: TransportConfiguration
    private let textfile: String?
    /// `--status-page DIR`, made absolute.
    private let statusPage: String?
    private let once: Bool
    private let loop: AppLoop
    private let signals = SignalChannel()
    private let logger = Logger(label: "verbumcare.monitor")
    /// The textfile could not be written last round: the failure was told, and is told again
    /// only after a round that wrote it. (Not keyed on the reason's text: that names a new
    /// temporary file each round, so a reason compared with the last one never matched.)
    private var textfileFailing = false
    /// The push by remote write (issue 28), run beside the rounds.
    private lazy var pusher = RemoteWritePusher(paths: context.paths, logger: logger)
    private var pushUnsetTold = false

    init(context: CommandContext, textfile: String?, statusPage: String?, once: Bool) throws {
        self.context = context
        transport = try context.transportConfiguration()
        self.textfile = textfile.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        self.statusPage = statusPage
        self.once = once
        loop = AppLoop(store: context.store, screen: nil, options: RenderOptions(plain: true), onQuit: {})
    }

    func start() {
        try? signals.start { [unowned self] signal in self.signalled(signal) }
        loop.start()
        if let statusPage { context.store.dispatch(.statusPageDirectoryGiven(statusPage)) }
        // The process's start, not work the state decides: it attaches the runner's engines
        // (history and the recorder lock before the first round, then the probes), once.
        Task { @MainActor in
            guard let watch = await loop.attachWatch(role: .monitor, transport: transport,
                                                     hookFolders: HookRunner.folders(paths: context.paths),
                                                     host: HostName.current) else { finish(status: 1) }
            watch.onRoundFinished = { [unowned self] round in await self.roundFinished(round, watch: watch) }
            watch.onStatusPageProblem = { [context] problem in context.console.error(problem.key, problem.parameters) }
            let state = context.store.getAppState().watch
            if !state.isRecording {
                let who = state.recorder.map { "\($0.role) (pid \($0.pid))" } ?? context.console.text("cli.monitor.recorder_unnamed")
                context.console.warning("cli.monitor.not_recording", ["recorder": who])
            }
            if let problem = state.lockProblem {
                context.console.warning("cli.monitor.lock_problem", ["problem": TextSanitizer.clean(problem)])
            }
            if let problem = watch.history.problem {
                let message = HistoryProblemText.message(problem)
                context.console.warning("cli.monitor.history_problem", ["problem": context.console.text(message.key, message.parameters)])
            }
            logger.info("monitor started", metadata: ["recording": "\(state.isRecording)"])
            loop.attachConnectivity(transport: transport)
        }
    }

    /// A round's push handed over to run beside the rest of the round's work.
    private struct PushHandOver: Sendable {
        var families: [OpenMetricsReport.Family]
        var at: Double
        var configuration: RemoteWritePusher.Configuration
    }

    /// Runs in the round's callback, a task of the effect runner (`roundFinished`).
    private func roundFinished(_ round: Int, watch: WatchRuntime) async {
        let push = pushConfiguration()
        var handOver: PushHandOver?
        if textfile != nil || push != nil {
            let (families, now) = await roundFamilies(watch: watch)
            if let textfile { writeTextfile(textfile, text: OpenMetricsReport(families: families).text) }
            if let push {
                if once {
                    // `--once` exits after this round: its push goes to its end first.
                    await pusher.push(families, roundAtMs: Int64((now * 1000).rounded()), configuration: push)
                } else {
                    handOver = PushHandOver(families: families, at: now, configuration: push)
                }
            }
        }
        // A child of this callback's task, not awaited before the rest: the push never delays
        // the next round, an alert or a stop, and the runner's stop cancels it with the callback.
        let (handedOver, pusher) = (handOver, pusher)
        async let pushed: Void = Self.push(handedOver, by: pusher)
        if once || context.store.getAppState().watch.stopRequested {
            // The alerts of this round, the records and app-state.json first.
            await loop.waitUntilIdle()
            let connected = context.store.getState().connectionStatus == .connected
            finish(status: once ? (connected ? 0 : 2) : 0)
        }
        await pushed
    }

    private nonisolated static func push(_ handOver: PushHandOver?, by pusher: RemoteWritePusher) async {
        guard let handOver else { return }
        await pusher.roundFinished(handOver.families, at: handOver.at, configuration: handOver.configuration)
    }

    /// The round's OpenMetrics families (the checks' and the monitor's) and when they were made:
    /// one list for the textfile and the push.
    private func roundFamilies(watch: WatchRuntime) async -> ([OpenMetricsReport.Family], Double) {
        let state = context.store.getAppState()
        let now = context.clock.now()
        var histograms: [String: LatencyHistogram] = [:]
        for server in state.settings.availableServers {
            histograms[server.id] = await watch.history.histogram(serverId: server.id, window: .long, now: now)
        }
        let threshold = Double(state.settings.watchSettings.slowThresholdMs)
        let tested = state.settings.availableServers.compactMap { server in
            state.watch.servers[server.id]?.lastResult.map {
                (server: server, result: HealthWarnings.applied(to: $0, slowThresholdMs: threshold))
            }
        }
        let families = OpenMetricsReport.families(tested: tested)
            + MonitorMetrics.families(state: state, histograms: histograms, roundFinishedAt: now)
        return (families, now)
    }

    /// The push's settings this round; nil when it is off or this process does not record (the
    /// recorder pushes: one cursor per home). A URL without a token file is told once.
    private func pushConfiguration() -> RemoteWritePusher.Configuration? {
        let state = context.store.getAppState()
        let settings = state.settings.watchSettings
        guard let url = settings.remoteWriteURL, state.watch.isRecording else { return nil }
        guard let tokenFile = settings.remoteWriteTokenFile else {
            if !pushUnsetTold {
                pushUnsetTold = true
                context.console.warning("cli.remote_write.token_unset", [:])
                logger.warning("remote write off: remote_write_token_file is not set")
            }
            return nil
        }
        let interval = Double(state.settings.probeInterval + state.settings.connectionTimeout)
        return RemoteWritePusher.Configuration(
            url: url, tokenFile: tokenFile,
            origin: RemoteWriteBatch.Origin(facility: settings.facility ?? HostName.current, box: HostName.current),
            transport: transport.settings(caBundleSetting: state.settings.caBundle),
            historyEnabled: settings.historyEnabled,
            since: Int64((context.clock.now() - interval) * 1000))
    }

    private func writeTextfile(_ path: String, text: String) {
        do {
            try TextfileWriter.write(text, to: path)
            textfileFailing = false
        } catch {
            // Told once (stderr and the log), not every round.
            guard !textfileFailing else { return }
            textfileFailing = true
            let refused = error is TextfileWriter.Refusal
            let reason = refused ? "refused" : ErrorReason.text(error)
            if refused {
                context.console.error("cli.monitor.textfile_refused", ["path": path])
            } else {
                context.console.error("files.write_failed", ["file": path, "reason": reason])
            }
            logger.warning("textfile not written", metadata: ["path": "\(path)", "reason": "\(reason)"])
        }
    }

    private func signalled(_ signal: Int32) {
        switch signal {
        case SIGINT, SIGTERM, SIGHUP, SIGQUIT:
            logger.info("monitor stopping", metadata: ["signal": "\(signal)"])
            context.store.dispatch(.monitorStopRequested)
            // Between rounds the last round's alerts may still be leaving, their ledger keys
            // already marked: exiting now would lose them for good. Stop once they are out.
            if !context.store.getAppState().watch.roundInFlight {
                // The process's own signal handling, not an effect: it waits for the runner to be
                // idle, then exits (the runner cannot own the task that stops it).
                Task { @MainActor [unowned self] in
                    await loop.waitUntilIdle()
                    finish(status: 0)
                }
            }
        default:
            break
        }
    }

    private func finish(status: Int32) -> Never {
        loop.stop()
        signals.stop()
        try? context.finish()
        ExitStatus.end(status)
    }
}
