import BackendClient
import Connectivity
import FoundationEssentials
import SettingsStore

/// POSTs an alert's JSON to each `alert_webhooks` URL (SPEC §15.3): three tries (after 2 s and
/// 4 s), redirects never followed (the transport refuses them), TLS verified against
/// `alert_ca_bundle` or the system store.
public struct WebhookSender: Sendable {
    /// What one webhook did.
    public struct Outcome: Equatable, Sendable {
        public var url: String
        public var delivered: Bool
        public var tries: Int
        /// The last answer's status, or the last failure's code.
        public var detail: String
    }

    /// Pauses before the second and third tries.
    public static let retryDelays: [Double] = [2, 4]

    let transport: any HTTPTransport
    let settings: TransportSettings
    let clock: AppClock

    public init(transport: any HTTPTransport, settings: TransportSettings,
                clock: AppClock) {
        self.transport = transport
        self.settings = settings
        self.clock = clock
    }

    /// The sender for these settings: `alert_ca_bundle` or the system store, with the
    /// process's `--connect-to` rules, through libcurl.
    public static func make(settings: WatchSettings, transport: TransportConfiguration,
                            httpTransport: any HTTPTransport = CurlEngine.shared,
                            clock: AppClock = .system) -> WebhookSender {
        var transportSettings = TransportSettings(
            caBundle: settings.alertCABundle.map { CABundle(path: $0, source: .setting) } ?? .system,
            connectTo: transport.connectTo)
        transportSettings.maxBodyBytes = TransportSettings.checkBodyCap
        return WebhookSender(transport: httpTransport, settings: transportSettings, clock: clock)
    }

    public func send(_ body: String, to url: String) async -> Outcome {
        var detail = ""
        let delays = [0] + Self.retryDelays
        for (attempt, delay) in delays.enumerated() {
            if delay > 0 {
                do { try await clock.sleep(delay) } catch { return Outcome(url: url, delivered: false, tries: attempt, detail: "cancelled") }
            }
            let request = TransportRequest(method: .post, url: url,
                                           headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                                     HTTPHeader(name: "User-Agent", value: "verbumcare-tui alerts")],
                                           body: Data(body.utf8), settings: settings)
            switch await transport.perform(request) {
            case .success(let response) where response.isSuccess:
                return Outcome(url: url, delivered: true, tries: attempt + 1, detail: String(response.status))
            case .success(let response):
                detail = response.redirectURL != nil ? "redirect_refused (\(response.status))" : String(response.status)
            case .failure(let error):
                detail = error.code.rawValue
            }
        }
        return Outcome(url: url, delivered: false, tries: delays.count, detail: detail)
    }
}
