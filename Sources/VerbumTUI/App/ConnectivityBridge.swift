import Connectivity
import SettingsStore
import SettingsUI

/// The full-screen app's side of the connectivity layer: starts the effect runner with the
/// transport from the global options, and tests an address typed in the pane before it is
/// added (that result is the pane's own business and comes back as a `UIEvent`).
@MainActor
final class ConnectivityBridge {
    private let context: CommandContext
    private var runtime: ConnectivityRuntime?
    private var onEvent: (@MainActor (UIEvent) -> Void)?

    init(context: CommandContext) {
        self.context = context
    }

    func start(transport: TransportConfiguration, onEvent: @escaping @MainActor (UIEvent) -> Void) {
        self.onEvent = onEvent
        runtime = ConnectivityRuntime.start(store: context.store, transport: transport)
    }

    /// Tests an address before it is added, so the person sees whether it answers.
    func testAddress(_ address: String) {
        guard let runtime,
              let server = ServerCatalog.customServer(address: address,
                                                      connectionTimeoutSeconds: context.store.getState().connectionTimeout)
        else { return }
        let prober = runtime.prober
        Task { @MainActor [weak self] in
            let result = await prober.check(server)
            self?.onEvent?(.customAddressTested(address: address, summary: ServerProbeSummary(result)))
        }
    }

    func stop() {
        runtime?.stop()
    }
}
