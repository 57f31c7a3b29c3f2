import BackendClient
import Connectivity
import Logging
import SettingsStore
import SettingsUI
import TerminalRendering
import Watch

/// The app's loop, without a terminal: events in (keys, resizes, effect results, timers), the
/// one reducer applied by the store, every effect run by the one `EffectRunner` (the loop lends
/// it the terminal's work: quitting, redrawing), and a frame drawn from the one state
/// onto a `TerminalScreen` after every turn that changed it. The executable connects it to
/// ncurses, signals and the keyboard; tests drive it in-process with a test screen.
///
/// Everything runs on the main actor: the reducer, the effects' results, the frames, so ncurses
/// is touched by one thread only.
@MainActor
public final class AppLoop: TerminalCapability {
    public let store: AppSettingsStore
    /// The one effect runner (made at `start`).
    public private(set) var runner: EffectRunner?
    /// nil: the loop without a screen (the monitor).
    private let screen: (any TerminalScreen)?
    private var options: RenderOptions
    private let caBundleDisplay: @MainActor (SettingsState) -> CABundleDisplay?
    private let onQuit: @MainActor () -> Void
    private let stats: FrameStats?
    private var runtime: ConnectivityRuntime?
    /// History and alerts, when attached (`attachWatch`).
    public private(set) var watch: WatchRuntime?
    private var subscription: StoreSubscription?
    /// The frame on the terminal and the model it was drawn from; nil: repaint every cell.
    public private(set) var lastFrame: (frame: RenderedFrame, model: ScreenModel)?
    /// The regions of the frames drawn so far: a frame draws again only those whose models changed.
    public private(set) var memo = FrameMemo()
    private lazy var frames = FrameScheduler { [weak self] in self?.drawFrame() }
    /// The time source of the texts that count time: a frame when one of them next changes,
    /// drawn like every other.
    private lazy var ticker = SecondTicker(clock: store.clock) { [weak self] in self?.ticked() }
    private var isRunning = false
    /// A change of the state is not drawn yet: its frame is due (tests wait for none).
    public var isFramePending: Bool { frames.isPending }
    /// Frames flushed so far (tests wait on it).
    public private(set) var frameCount = 0
    /// Turns that found nothing new to draw (the model, or else the cells and the cursor, were
    /// the last frame's): nothing was written or flushed (tests count them).
    public private(set) var unchangedFrames = 0

    /// - Parameters:
    ///   - caBundleDisplay: the CA bundle in effect for the pane's row (looked up only while the
    ///     pane is open).
    ///   - onQuit: the person quits (`q`); the executable restores the terminal and exits.
    public init(store: AppSettingsStore, screen: (any TerminalScreen)?, options: RenderOptions,
                caBundleDisplay: @escaping @MainActor (SettingsState) -> CABundleDisplay? = { _ in nil },
                stats: FrameStats? = nil, onQuit: @escaping @MainActor () -> Void) {
        self.store = store
        self.screen = screen
        self.options = options
        self.caBundleDisplay = caBundleDisplay
        self.stats = stats
        self.onQuit = onQuit
    }

    /// Draws the first frame from the hydrated store and follows the state from then on.
    public func start() {
        isRunning = true
        let made = EffectRunner(store: store)
        // Held weakly by the runner: an effect result may still be on its way when a loop is
        // dropped (tests).
        made.terminal = self
        made.attach()
        runner = made
        subscription = store.subscribeApp { [weak self] _, _ in self?.frames.request() }
        drawFrame()
    }

    /// Attaches the connectivity engine to the runner: it tests the configured server and
    /// starts the file watchers.
    public func attachConnectivity(transport: TransportConfiguration, httpTransport: (any HTTPTransport)? = nil,
                                   clock: AppClock = .system, watchFiles: Bool = true,
                                   refreshLimiter: RefreshLimiter = .shared,
                                   logger: Logger = Logger(label: "verbumcare.connectivity")) {
        guard isRunning, runtime == nil, let runner else { return }
        runtime = ConnectivityRuntime.start(store: store, transport: transport,
                                            httpTransport: httpTransport ?? CurlEngine.shared, clock: clock,
                                            watchSettingsFile: watchFiles, runner: runner,
                                            refreshLimiter: refreshLimiter, logger: logger)
    }

    /// Attaches history and alerts (SPEC §15): before connectivity, so the first results are
    /// recorded. `role` says whether this is the monitor (tests every server each round).
    public func attachWatch(role: WatchState.Role, transport: TransportConfiguration, clock: AppClock = .system,
                            hookFolders: [String], host: String,
                            logger: Logger = Logger(label: "verbumcare.watch")) async -> WatchRuntime? {
        guard isRunning, watch == nil, let runner else { return watch }
        let prober = ServerProber(paths: store.paths,
                                  settings: transport.settings(caBundleSetting: store.getState().caBundle,
                                                               certWarningDays: store.getState().certWarningDays),
                                  clock: clock)
        let started = WatchRuntime(store: store, runner: runner, prober: prober, transport: transport, clock: clock,
                                   hookFolders: hookFolders, host: host, logger: logger)
        watch = started
        await started.start(role: role)
        return started
    }

    /// The terminal answered after the first frame that it draws ambiguous characters another
    /// width (SPEC §10.4): every cell is laid out and drawn again with the new measure.
    public func setMetrics(_ metrics: DisplayWidth) {
        guard metrics != options.metrics else { return }
        options.metrics = metrics
        memo = FrameMemo()
        repaint()
    }

    // MARK: - Events

    /// One read of input (`body` hands its keys, clicks and resizes to the loop): the frame they
    /// ask for is drawn when it returns, once for the whole read, in this same turn of the main
    /// thread. Asking for it with another turn of the main queue cost every key a second wake-up
    /// of the main thread (issue 26).
    public func input(_ body: (AppLoop) -> Void) {
        frames.drawingAfter { body(self) }
    }

    /// A key the person pressed.
    public func key(_ key: Key) {
        stats?.keyReceived(String(describing: key))
        // A paging key typed with the key that opened the view (one read) pages what that key
        // opened: its frame is drawn first, so the view's size is known.
        if ScrollMove(key: key) != nil, frames.isPending { drawFrame() }
        measureViewport()
        store.dispatch(.key(key, at: store.clock.now()))
    }

    /// Lines the wheel scrolls per notch.
    static let wheelLines = 3

    /// A click or a turn of the wheel (SPEC §10.3), on the frame the person sees: a click means
    /// what the views recorded at that cell (`RenderedFrame.target`); the wheel scrolls the
    /// scrolling view as ↑↓ do, where the frame has one.
    public func mouse(_ event: MouseEvent) {
        guard let frame = lastFrame?.frame else { return }
        measureViewport()
        switch event.kind {
        case .press:
            if let target = frame.target(x: event.x, y: event.y) {
                store.dispatch(.clicked(target, at: store.clock.now()))
            }
        case .wheelUp, .wheelDown:
            guard frame.viewport != nil else { return }
            for _ in 0..<Self.wheelLines { store.dispatch(.key(event.kind == .wheelUp ? .up : .down, at: store.clock.now())) }
        }
    }

    /// The scrolling view's size as the last frame drew it goes to the state before input, so
    /// paging moves by what is on screen (the reducer measures nothing itself).
    private func measureViewport() {
        let drawn = lastFrame?.frame.viewport
        if store.getAppState().screen.viewport != drawn { store.dispatch(.viewportMeasured(drawn)) }
    }

    /// Any event of the app's vocabulary.
    public func send(_ event: AppEvent) {
        store.dispatch(event)
    }

    /// The terminal changed size: the next frame is laid out anew.
    public func resized() {
        frames.request()
    }

    /// The terminal's contents are unknown (after a resume, Ctrl-L): every cell is drawn again.
    public func repaint() {
        lastFrame = nil
        frames.request()
    }

    /// Stops timers, probes and watchers; nothing is drawn after this.
    public func stop() {
        isRunning = false
        ticker.schedule(after: nil)
        runtime?.stop()
        runtime = nil
        watch?.stop()
        watch = nil
        runner?.stop()
        runner = nil
        subscription?.cancel()
        subscription = nil
    }

    /// Waits until no switch runs and no effect is in flight (tests, the monitor before it exits).
    public func waitUntilIdle() async {
        await runner?.waitUntilIdle()
    }

    // MARK: - The terminal's work (lent to the runner)

    public func quit() {
        onQuit()
    }

    public func redraw() {
        repaint()
    }

    // MARK: - Frames

    /// A text that counts time changed: its frame is drawn in this same turn of the main thread
    /// (a request would take one more turn of the main queue, a second wake-up per tick); a
    /// frame already asked for is drawn when its turn comes, with the same moment's texts.
    private func ticked() {
        guard !frames.isPending else { return }
        drawFrame()
    }

    /// Renders the state into cells and writes the difference to the screen. Every frame takes
    /// this one path, the timer's included: a model equal to the last frame's (a probe that
    /// started, a second that changed no text) writes and flushes nothing; otherwise the regions
    /// whose models changed are drawn (`FrameMemo`) and the cells that differ are written.
    public func drawFrame() {
        guard isRunning, let screen else { return }
        let size = screen.size
        let state = store.getAppState()
        let now = store.clock.now()
        // "checked N s ago" and "no answer for N s" are redrawn when their number changes.
        defer { ticker.schedule(after: ScreenTime.secondsUntilChange(state, now: now)) }
        let model = ScreenModel(state: state, now: now, options: options,
                                caBundle: state.screen.isSettingsPaneOpen ? caBundleDisplay(state.settings) : nil)
        if let last = lastFrame, last.model == model,
           last.frame.buffer.width == size.columns, last.frame.buffer.height == size.rows {
            unchangedFrames += 1
            stats?.frameFlushed()
            return
        }
        let frame = ScreenRenderer.render(model, width: size.columns, height: size.rows, memo: &memo)
        let previous = lastFrame?.frame
        let changes = frame.buffer.diff(from: previous?.buffer ?? CellBuffer(width: 0, height: 0, metrics: options.metrics))
        lastFrame = (frame, model)
        // A changed model can still give the same cells (a sparkline of equal bars moving on).
        if changes.isEmpty, let previous, previous.cursor == frame.cursor {
            unchangedFrames += 1
            stats?.frameFlushed()
            return
        }
        screen.present(changes)
        if let cursor = frame.cursor {
            screen.moveCursor(row: cursor.y, column: cursor.x)
            screen.setCursorVisible(true)
        } else {
            screen.setCursorVisible(false)
        }
        screen.flush()
        frameCount += 1
        stats?.frameFlushed()
    }
}
