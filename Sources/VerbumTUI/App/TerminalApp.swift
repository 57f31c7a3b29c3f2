import BackendClient
import Dispatch
import Glibc
import Localization
import SettingsStore
import SettingsUI
import TerminalBackend
import TerminalRendering

/// The full-screen app: one thread (the main queue) owns ncurses, the UI state and the store.
/// Keys, signals, timers and background results all arrive as main-queue events; each one
/// updates state, and a coalesced frame renders state into cells and writes only the
/// difference (docs/ARCHITECTURE.md).
@MainActor
final class TerminalApp {
    private let context: CommandContext
    private let store: AppSettingsStore
    private let screen = NcursesScreen()
    private let signals = SignalChannel()
    private let input = InputSource()
    private let connectivity: ConnectivityBridge
    private var ui: UIState
    private var options: RenderOptions
    /// The frame on the terminal and the model it was drawn from; nil: repaint every cell.
    private var lastFrame: (frame: RenderedFrame, model: ScreenModel)?
    private var subscriptions: [StoreSubscription] = []
    private lazy var frames = FrameScheduler { [unowned self] in self.drawFrame() }
    private lazy var ticker = SecondTicker { [unowned self] in
        self.clockTicked = true
        self.frames.request()
    }
    /// The ticker asked for the coming frame: only then is the one-value redraw (`ClockTick`) tried.
    private var clockTicked = false
    private var isRunning = false
    private let stats: FrameStats?

    init(context: CommandContext) {
        self.context = context
        store = context.store
        ui = UIState(settings: context.store.getState())
        let metrics = DisplayWidth(options: WidthOptions.fromEnvironment(context.environmentVariables))
        options = RenderOptions(plain: context.options.plain, metrics: metrics)
        connectivity = ConnectivityBridge(context: context)
        stats = FrameStats(environment: context.environmentVariables)
    }

    /// Sets the terminal up, draws the first frame and serves events until quit. Never returns.
    func run() throws -> Never {
        // A malformed --connect-to is a usage error, told before the screen is set up.
        let transport = try context.transportConfiguration()
        // Our SIGTSTP handler is in place before ncurses starts, so ncurses leaves Ctrl-Z to us
        // (it installs its own only over the default action).
        try signals.start { [unowned self] signal in self.handle(signal: signal) }
        try screen.start(noColor: context.options.noColor, environment: context.environmentVariables,
                         cursorVisible: options.plain)
        // A TERM this machine has no terminfo for was replaced by a close entry: the screen says which.
        options.terminalNote = screen.terminalChoice.fallback.map { TerminalNote(requested: $0.requested, used: $0.used) }
        isRunning = true
        input.start { [unowned self] in self.handleInput() }
        subscriptions.append(store.subscribe { [unowned self] _, _ in self.frames.request() })
        // The first frame comes from the hydrated store alone (status: disconnected until the
        // first test, docs/PRODUCT.md: Status machine); libcurl and OpenSSL start after it, off the first-frame path.
        drawFrame()
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.connectivity.start(transport: transport, onEvent: { [unowned self] event in self.apply(event) })
            }
        }
        dispatchMain()
    }

    // MARK: - Events

    private func handleInput() {
        for key in screen.readKeys() {
            if key == .resize {
                frames.request()
                continue
            }
            stats?.keyReceived(String(describing: key))
            apply(.key(key))
        }
    }

    private func apply(_ event: UIEvent) {
        let commands = UIUpdate.handle(event, ui: &ui, settings: store.getState())
        for command in commands { perform(command) }
        // What the commands changed in the store (the pane opened or closed, a server
        // removed) moves focus and cursors.
        ui.normalize(store.getState())
        frames.request()
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGWINCH:
            screen.handleResize()
            handleInput()
            frames.request()
        case SIGTSTP:
            screen.suspend()
            lastFrame = nil
            frames.request()
        case SIGCONT:
            screen.clearAndRepaint()
            lastFrame = nil
            frames.request()
        default:
            // Ended by a signal: the shell sees 128+N, like any program a signal stopped.
            quit(status: ExitStatus.afterSignal(signal))
        }
    }

    // MARK: - Commands

    private func perform(_ command: UICommand) {
        do {
            switch command {
            case .setLanguage(let language): store.setLanguage(language)
            case .openPane: store.openNativeSettings()
            case .closePane: store.closeNativeSettings()
            case .testNow: store.refreshConnectionStatus()
            case .testAll: store.testAllServers()
            case .selectServer(let id): try store.selectServer(id: id)
            case .addCustomServer(let address, _):
                let result = try store.addCustomServer(address)
                if case .added(let server) = result.outcome { store.testServerConnectivity(server.id) }
                apply(.paneMessage(PaneMessages.added(result)))
            case .testCustomAddress(let address):
                connectivity.testAddress(address)
            case .removeCustomServer(let id):
                if let removed = try store.removeCustomServer(id) {
                    apply(.paneMessage(UIMessage(key: "ui.pane.removed", parameters: ["address": removed.baseUrl], tone: .success)))
                }
            case .setConnectionTimeout(let seconds): try store.setConnectionTimeout(seconds)
            case .setAutoSwitchOnFailure(let on): try store.setAutoSwitchOnFailure(on)
            case .setDetailedLogging(let on): try store.setDetailedLogging(on)
            case .setCABundle(let path):
                // The pane refuses what the command line refuses: a path with no certificate.
                if let path, let refusal = CABundleCheck.refusal(CABundleCheck.inspect(path: path), path: path) {
                    apply(.paneMessage(UIMessage(key: refusal.key, parameters: refusal.parameters, tone: .failure)))
                } else {
                    try store.setCABundle(path)
                }
            case .cancelSwitch: store.cancelSwitch()
            case .switchBack: store.switchBack()
            case .dismissNotice: store.dismissNotice(nil)
            case .login(let username, let password): store.signIn(username: username, password: SecretText(password))
            case .cancelLogin: store.dismissSignIn()
            case .requestSignIn: store.requestSignIn()
            case .quit: quit()
            case .redraw:
                screen.clearAndRepaint()
                lastFrame = nil
            }
        } catch let error as SettingsActionError {
            let e = error.appError
            apply(.paneMessage(UIMessage(key: e.key, parameters: e.parameters, tone: .failure)))
        } catch {
            apply(.paneMessage(UIMessage(key: "files.write_failed",
                                         parameters: ["file": "settings.json", "reason": String(describing: error)],
                                         tone: .failure)))
        }
    }

    // MARK: - Frames

    private func drawFrame() {
        guard isRunning else { return }
        let size = screen.size
        let state = store.getState()
        let now = store.now()
        let model = ScreenModel(settings: state, ui: ui, now: now, options: options,
                                caBundle: state.isSettingsPaneOpen ? caBundleDisplay(state) : nil)
        let frame: RenderedFrame
        let ticked = clockTicked
        clockTicked = false
        if ticked, var last = lastFrame, last.frame.buffer.width == size.columns, last.frame.buffer.height == size.rows {
            // The last frame's cells are then held here alone: a clock tick redraws them in place.
            lastFrame = nil
            if let changes = ClockTick.apply(model, to: &last.frame, of: last.model) {
                screen.present(changes)
                frame = last.frame
            } else {
                frame = ScreenRenderer.render(model, width: size.columns, height: size.rows)
                screen.present(frame.buffer.diff(from: last.frame.buffer))
            }
        } else {
            frame = ScreenRenderer.render(model, width: size.columns, height: size.rows)
            let previous = lastFrame?.frame.buffer ?? CellBuffer(width: 0, height: 0, metrics: options.metrics)
            screen.present(frame.buffer.diff(from: previous))
        }
        lastFrame = (frame, model)
        if let cursor = frame.cursor {
            screen.moveCursor(row: cursor.y, column: cursor.x)
            screen.setCursorVisible(true)
        } else {
            screen.setCursorVisible(false)
        }
        screen.flush()
        stats?.frameFlushed()
        // "checked N s ago" and "no answer for N s" are redrawn when their number changes.
        ticker.schedule(after: ClockTexts.secondsUntilChange(state, now: now))
    }

    /// The CA bundle in effect and where it came from (`--cacert`, the setting, the
    /// environment, the system), for the pane's row; looked up (files checked) only while the
    /// pane, its one reader, is open.
    private func caBundleDisplay(_ state: SettingsState) -> CABundleDisplay {
        let bundle = CABundle.resolve(commandLine: context.options.cacert, setting: state.caBundle,
                                      environment: context.environmentVariables)
        return CABundleDisplay(path: bundle.path, sourceKey: bundle.sourceKey)
    }

    // MARK: - Exit

    private func quit(status: Int32 = 0) -> Never {
        isRunning = false
        ticker.schedule(after: nil)
        connectivity.stop()
        input.stop()
        signals.stop()
        subscriptions.forEach { $0.cancel() }
        screen.stop()
        do {
            try store.flushPersistence()
        } catch {
            context.console.error("files.write_failed", ["file": "app-state.json", "reason": String(describing: error)])
            exit(1)
        }
        exit(status)
    }
}
