import AppLoop
import BackendClient
import Connectivity
import Dispatch
import Fleet
import Glibc
import SettingsStore
import SettingsUI
import Watch
import TerminalBackend
import TerminalRendering

/// The full-screen app: connects the loop (`AppLoop`, a library) to ncurses, the keyboard and
/// signals. One thread (the main queue) owns ncurses; keys, signals, timers and background
/// results all arrive as main-queue events (docs/ARCHITECTURE.md).
@MainActor
final class TerminalApp {
    private let context: CommandContext
    private let screen = NcursesScreen()
    private let signals = SignalChannel()
    private let input = InputSource()
    private var loop: AppLoop?
    /// `fleet`: the app shows the chain's boxes from this source instead of its own servers.
    private let fleet: FleetSource?
    /// The answer hold (`.answerHold`), on the store's clock.
    private lazy var timers = Timers(clock: context.store.clock)

    init(context: CommandContext, fleet: FleetSource? = nil) {
        self.context = context
        self.fleet = fleet
    }

    /// Where the full-screen app starts: `verbumcare-tui` with no subcommand on a terminal,
    /// or `fleet` with its source.
    static func run(context: CommandContext, fleet: FleetSource? = nil) throws {
        try TerminalApp(context: context, fleet: fleet).run()
    }

    /// Sets the terminal up, draws the first frame and serves events until quit. Never returns.
    func run() throws -> Never {
        // A malformed --connect-to is a usage error, told before the screen is set up.
        let transport = try context.transportConfiguration()
        // Our SIGTSTP handler is in place before ncurses starts, so ncurses leaves Ctrl-Z to us
        // (it installs its own only over the default action).
        try signals.start { [unowned self] signal in self.handle(signal: signal) }
        // The first frame is laid out as this TERM measured last time (else narrow) and goes out
        // with the questions to the terminal; its answers come with the keys (`handleInput`).
        // The mouse where the terminal reports it; never under `--plain`, where nothing must
        // take the terminal's own reading and selecting away (SPEC §10.3, §10.4).
        let measurements = measurementCache
        try screen.start(noColor: context.options.noColor, environment: context.environmentVariables,
                         mouse: !context.options.plain, remembered: { measurements.entry(term: $0) })
        let metrics = DisplayWidth(options: WidthOptions(ambiguousIsWide: screen.measurement.ambiguous.isWide))
        var options = RenderOptions(plain: context.options.plain, plainCause: context.plainCause,
                                    printsLines: screen.isLineMode, metrics: metrics,
                                    consoleLacksCJK: RenderOptions.consoleLacksCJK(environment: context.environmentVariables))
        if screen.isLineMode {
            // The line mode says once, first, what it is and why (SPEC §10.4); read by a screen
            // reader (the line mode is the screen-reader mode too), that is the mode's first line,
            // naming what turned it on. Between two screens it prints a confirmed change of status
            // alone, as one line.
            let term = TextSanitizer.clean(context.environmentVariables["TERM"] ?? "")
            let shownTerm = term.isEmpty ? "-" : term
            let cause = context.plainCause ?? .lineMode
            context.console.output(PlainModeLine.words(cause, term: shownTerm, language: context.store.getState().currentLanguage))
            if cause != .lineMode {
                context.console.output(context.console.text("ui.line_mode", ["term": shownTerm]))
            }
            screen.lineNews = { row in PlainModeLine.changeLabels.contains { row.hasPrefix($0) } }
        }
        // A TERM this machine has no terminfo for was replaced by a close entry: the screen says which.
        options.terminalNote = screen.terminalChoice.fallback.map { TerminalNote(requested: $0.requested, used: $0.used) }
        let context = context
        MainQueueLoop.willRun()
        let loop = AppLoop(store: context.store, screen: screen, options: options,
                           caBundleDisplay: { state in Self.caBundleDisplay(state, context: context) },
                           stats: FrameStats(environment: context.environmentVariables),
                           onQuit: { [unowned self] in self.quit() })
        self.loop = loop
        input.start { [unowned self] in self.handleInput() }
        if let fleet {
            // The fleet view probes nothing itself: it reads the central Prometheus, a query the
            // runner runs (`queryFleet`) and repeats, and stops with the loop.
            let runtime = FleetRuntime(clock: context.store.clock, source: fleet)
            loop.start()
            loop.runner?.attach(fleet: FleetEngine(clock: runtime.clock, refreshSeconds: runtime.refreshSeconds,
                                                   query: runtime.query))
            context.store.dispatch(.fleetOpened(source: fleet.baseURL, at: context.store.clock.now()))
            MainQueueLoop.run()
        }
        // The first frame comes from the hydrated store alone ("Not checked yet" until the
        // first test); libcurl and OpenSSL start after it, off the first-frame path.
        loop.start()
        let hookFolders = HookRunner.folders(paths: context.paths)
        // The process's start, not work the state decides: it attaches the runner's engines
        // once, after the first frame (the main queue runs it once `MainQueueLoop.run` starts).
        Task { @MainActor in
            // History and alerts first, so the first results are recorded (this app records
            // while no monitor does); then the probes.
            _ = await loop.attachWatch(role: .app, transport: transport, hookFolders: hookFolders, host: HostName.current)
            loop.attachConnectivity(transport: transport)
        }
        MainQueueLoop.run()
    }

    private func handleInput() {
        let received = screen.readInput()
        applyAnswers()
        // The frame the read asks for is drawn in this turn, once for all of it.
        loop?.input { loop in
            for input in received {
                switch input {
                case .key(.resize): loop.resized()
                case .key(let key): loop.key(key)
                case .mouse(let event): loop.mouse(event)
                }
            }
        }
        // The terminal went away (its pty closed) and no SIGHUP ended the app (ignored, or never
        // sent to this session): quit as a hangup would, state saved, status 128 + SIGHUP.
        if screen.inputEnded { quit(status: ExitStatus.afterSignal(SIGHUP)) }
    }

    /// The terminal's answers to the start-up questions, when they come (SPEC §10.4): a frame is
    /// drawn again only if they change the layout or the palette; once all are in, they are kept
    /// for this TERM's next start.
    private func applyAnswers() {
        if screen.isHoldingInput {
            // The start of an answer waits for its rest; if none comes it is keys after all.
            // On the store's clock (the one clock); holding again replaces the pending hold.
            timers.schedule(.answerHold, after: Double(NcursesScreen.answerHoldMilliseconds) / 1000) { [weak self] in
                self?.handleInput()
            }
        }
        guard let change = screen.takeAnswerChange() else { return }
        if change.layout {
            loop?.setMetrics(DisplayWidth(options: WidthOptions(ambiguousIsWide: screen.measurement.ambiguous.isWide)))
        } else if change.palette {
            loop?.repaint()
        }
        if let answers = change.complete, let term = screen.measuredTerm {
            let entry = TerminalMeasurementCache.Entry(ambiguousWide: answers.ambiguousWide, background: answers.background)
            let measurements = measurementCache
            DispatchQueue.global(qos: .utility).async { measurements.remember(entry, term: term) }
        }
    }

    /// The last measurement of each TERM, in the state folder.
    private var measurementCache: TerminalMeasurementCache {
        TerminalMeasurementCache(stateDirectory: context.paths.stateDirectory)
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGWINCH:
            screen.handleResize()
            handleInput()
            loop?.resized()
        case SIGTSTP:
            screen.suspend()
            loop?.repaint()
        case SIGCONT:
            loop?.repaint()
        default:
            // Ended by a signal: the shell sees 128+N, like any program a signal stopped.
            quit(status: ExitStatus.afterSignal(signal))
        }
    }

    /// The CA bundle in effect and where it came from (`--cacert`, the setting, the
    /// environment, the system), for the pane's row.
    private static func caBundleDisplay(_ state: SettingsState, context: CommandContext) -> CABundleDisplay {
        let bundle = CABundle.resolve(commandLine: context.options.cacert, setting: state.caBundle,
                                      environment: context.environmentVariables)
        return CABundleDisplay(path: bundle.path, sourceKey: bundle.sourceKey)
    }

    private func quit(status: Int32 = 0) -> Never {
        loop?.stop()
        input.stop()
        signals.stop()
        screen.stop()
        do {
            try context.store.flushPersistence()
        } catch {
            let message = ErrorReason.writeFailure(error, file: "app-state.json")
            context.console.error(message.key, message.parameters)
            ExitStatus.end(1)
        }
        ExitStatus.end(status)
    }
}

extension NcursesScreen: TerminalScreen {}

extension TimerID {
    /// The wait for the rest of a terminal's answer (`NcursesScreen.answerHoldMilliseconds`).
    static let answerHold: TimerID = "answerHold"
}
