import SettingsStore

/// `status` and `check` (docs/PRODUCT.md: The command line): one test of the effective server, with the fallback rule,
/// outside the app's store and timers. One attempt per check, all checks at once, so the
/// answer comes within the connection timeout (plus the mDNS allowance) per server tried.
/// Every result carries the warnings the screen shows for it (`HealthWarnings`: `slow_response`
/// past `slow_threshold_ms`, `cert_expiring`).
public struct StatusProbe: Sendable {
    public let prober: ServerProber
    /// `slow_threshold_ms`.
    public let slowThresholdMs: Double

    public init(prober: ServerProber, slowThresholdMs: Double = HealthWarnings.defaultSlowThresholdMs) {
        self.prober = prober
        self.slowThresholdMs = slowThresholdMs
    }

    public struct Outcome: Equatable, Sendable {
        /// The effective server: the configured one, or pn51 during a fallback.
        public var server: ServerConfig
        public var source: ServerSource
        /// The effective server's test.
        public var result: DetailedStatus
        /// The fallback in effect and why it started; nil outside a fallback, and during one
        /// whose configured server answers again (why it started is then no longer known here:
        /// `decision` is `switchBackOffered`).
        public var fallback: FallbackInfo?
        public var decision: FallbackPolicy.Decision
        /// The configured server (differs from `server` during a fallback).
        public var configured: ServerConfig
        public var configuredResult: DetailedStatus

        public var connectionStatus: ConnectionStatus { result.isHealthy ? .connected : .error }
        public var isConnected: Bool { result.isHealthy }
    }

    /// Tests the configured server and, when it fails and the rule allows, pn51. `inFallback`:
    /// app-state.json records that pn51 is in use instead of `configured` (the app, the monitor
    /// or an earlier `status` fell back); then both are tested at once and the rule of a
    /// fallback in effect decides (`FallbackPolicy.decideDuringFallback`), as in the app.
    public func status(configured: ServerConfig, source: ServerSource, fallbackServer: ServerConfig,
                       autoSwitchOnFailure: Bool, inFallback: Bool = false) async -> Outcome {
        if inFallback && configured.id != fallbackServer.id {
            return await statusDuringFallback(configured: configured, source: source, fallbackServer: fallbackServer)
        }
        let configuredResult = await check(configured)
        var fallbackResult: DetailedStatus?
        if !configuredResult.isHealthy,
           FallbackPolicy.shouldTryFallback(failed: configured, autoSwitchOnFailure: autoSwitchOnFailure) {
            fallbackResult = await check(fallbackServer)
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

    private func statusDuringFallback(configured: ServerConfig, source: ServerSource,
                                      fallbackServer: ServerConfig) async -> Outcome {
        async let configuredTest = check(configured)
        async let fallbackTest = check(fallbackServer)
        let (configuredResult, fallbackResult) = await (configuredTest, fallbackTest)
        let decision = FallbackPolicy.decideDuringFallback(configured: configured, configuredResult: configuredResult,
                                                           fallbackResult: fallbackResult)
        let fallback: FallbackInfo?
        switch decision {
        case .fallbackEnded, .configured:
            return Outcome(server: configured, source: source, result: configuredResult, fallback: nil,
                           decision: decision, configured: configured, configuredResult: configuredResult)
        case .fallback(let info):
            fallback = info
        case .allUnreachable(let reason), .configuredFailed(let reason):
            // pn51 stays the server in use, in error, as the app shows it (SPEC §6.5).
            fallback = FallbackInfo(fromServerId: configured.id, reason: reason)
        case .switchBackOffered:
            fallback = nil
        }
        return Outcome(server: fallbackServer, source: .fallback, result: fallbackResult, fallback: fallback,
                       decision: decision, configured: configured, configuredResult: configuredResult)
    }

    public func check(_ server: ServerConfig) async -> DetailedStatus {
        HealthWarnings.applied(to: await prober.check(server), slowThresholdMs: slowThresholdMs)
    }

    /// `check --all`: a one-time test, which keeps no connection between the waves of the
    /// descriptor budget.
    public func checkAll(_ servers: [ServerConfig]) async -> [DetailedStatus] {
        await prober.checkAll(servers, keepingConnections: false).map {
            HealthWarnings.applied(to: $0, slowThresholdMs: slowThresholdMs)
        }
    }
}
