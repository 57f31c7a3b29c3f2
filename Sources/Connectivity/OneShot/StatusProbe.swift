import SettingsStore

/// `status` and `check` (docs/PRODUCT.md: The command line): one test of the effective server, with the fallback rule,
/// outside the app's store and timers. One attempt per check, all checks at once, so the
/// answer comes within the connection timeout (plus the mDNS allowance) per server tried.
public struct StatusProbe: Sendable {
    public let prober: ServerProber

    public init(prober: ServerProber) {
        self.prober = prober
    }

    public struct Outcome: Equatable, Sendable {
        /// The effective server: the configured one, or pn51 during a fallback.
        public var server: ServerConfig
        public var source: ServerSource
        /// The effective server's test.
        public var result: DetailedStatus
        public var fallback: FallbackInfo?
        public var decision: FallbackPolicy.Decision
        /// The configured server (differs from `server` during a fallback).
        public var configured: ServerConfig
        public var configuredResult: DetailedStatus

        public var connectionStatus: ConnectionStatus { result.isHealthy ? .connected : .error }
        public var isConnected: Bool { result.isHealthy }
    }

    /// Tests the configured server and, when it fails and the rule allows, pn51.
    public func status(configured: ServerConfig, source: ServerSource, fallbackServer: ServerConfig,
                       autoSwitchOnFailure: Bool) async -> Outcome {
        let configuredResult = await prober.check(configured)
        var fallbackResult: DetailedStatus?
        if !configuredResult.isHealthy,
           FallbackPolicy.shouldTryFallback(failed: configured, autoSwitchOnFailure: autoSwitchOnFailure) {
            fallbackResult = await prober.check(fallbackServer)
        }
        let decision = FallbackPolicy.decide(configured: configured, configuredResult: configuredResult,
                                           fallbackResult: fallbackResult, autoSwitchOnFailure: autoSwitchOnFailure)
        if case .fallback(let info) = decision, let fallbackResult {
            return Outcome(server: fallbackServer, source: .fallback, result: fallbackResult, fallback: info,
                           decision: decision, configured: configured, configuredResult: configuredResult)
        }
        return Outcome(server: configured, source: source, result: configuredResult, fallback: nil,
                       decision: decision, configured: configured, configuredResult: configuredResult)
    }

    public func check(_ server: ServerConfig) async -> DetailedStatus {
        await prober.check(server)
    }

    /// `check --all`: a one-time test, which keeps no connection between the waves of the
    /// descriptor budget.
    public func checkAll(_ servers: [ServerConfig]) async -> [DetailedStatus] {
        await prober.checkAll(servers, keepingConnections: false)
    }
}
