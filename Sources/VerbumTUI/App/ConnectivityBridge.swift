import Connectivity
import SettingsStore
import SettingsUI

/// The full-screen app's side of the connectivity layer: builds the transport from the global
/// options, starts the runtime (monitor, switcher, fallback, settings watcher) and turns the
/// UI's commands into its actions. Results reach the screen through the store, except the
/// test of a custom address typed in the pane, which is reported back as a `UIEvent`.
@MainActor
final class ConnectivityBridge {
    private let context: CommandContext
    private var runtime: ConnectivityRuntime?
    private var onEvent: (@MainActor (UIEvent) -> Void)?
    private var loginTask: Task<Void, Never>?

    init(context: CommandContext) {
        self.context = context
    }

    func start(transport: TransportConfiguration, onEvent: @escaping @MainActor (UIEvent) -> Void) {
        self.onEvent = onEvent
        runtime = ConnectivityRuntime.start(store: context.store, transport: transport)
    }

    func testNow() { runtime?.testNow() }
    func testAll() { runtime?.testAll() }

    /// Tests one known server, e.g. a custom server just added, so its pane row has a status.
    func testServer(id: String) {
        guard let runtime else { return }
        Task { @MainActor in _ = await runtime.testServerConnectivity(id) }
    }
    func cancelSwitch() { runtime?.cancelSwitch() }
    func switchBack() { runtime?.switchBack() }

    /// Tests an address before it is added, so the user sees whether it answers.
    func testAddress(_ address: String) {
        guard let runtime,
              let server = ServerCatalog.customServer(address: address,
                                                      connectionTimeoutSeconds: context.store.getState().connectionTimeout)
        else { return }
        Task { @MainActor [weak self] in
            let result = await runtime.prober.check(server)
            self?.onEvent?(.customAddressTested(address: address, summary: ServerProbeSummary(result)))
        }
    }

    func login(username: String, password: String) {
        guard let runtime else { return }
        loginTask?.cancel()
        loginTask = Task { @MainActor in _ = await runtime.login(username: username, password: password) }
    }

    func cancelLogin() {
        loginTask?.cancel()
        runtime?.dismissLogin()
    }

    func stop() {
        loginTask?.cancel()
        runtime?.stop()
    }
}
