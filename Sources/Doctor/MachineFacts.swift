import BackendClient
import SettingsStore

/// Everything `doctor` looks at, read once; the checks are pure functions of it.
public struct MachineFacts: Sendable {
    public var mdns: MDNSFacts
    public var curl: CurlFeatures
    public var caBundle: CABundle
    /// The file libcurl will read (the default bundle for the system store), and what it holds.
    public var caBundlePath: String?
    public var caBundleVerdict: CABundleCheck.Verdict?
    public var terminal: TerminalFacts
    public var config: ConfigFacts
    public var clock: ClockFacts
    public var credentials: CredentialFacts
    /// nil: not looked at (`doctor` without a home's state, tests of other checks).
    public var history: HistoryFacts?
    /// nil: not looked at.
    public var alerts: AlertFacts?
    /// The push by remote write (issue 28); nil: not looked at.
    public var remoteWrite: RemoteWriteFacts?

    public init(mdns: MDNSFacts, curl: CurlFeatures, caBundle: CABundle, caBundlePath: String?,
                caBundleVerdict: CABundleCheck.Verdict?, terminal: TerminalFacts, config: ConfigFacts, clock: ClockFacts,
                credentials: CredentialFacts = CredentialFacts(folder: "", findings: [])) {
        self.mdns = mdns
        self.curl = curl
        self.caBundle = caBundle
        self.caBundlePath = caBundlePath
        self.caBundleVerdict = caBundleVerdict
        self.terminal = terminal
        self.config = config
        self.clock = clock
        self.credentials = credentials
    }

    /// Reads this machine. `caBundle` is the bundle the run resolved (`--cacert`, setting,
    /// environment, system); `config` what loading the settings files found.
    /// `now`: the run's clock (the one clock; a test moves it to see the clock check judge).
    public static func read(caBundle: CABundle, config: ConfigFacts, environment: [String: String],
                            paths: AppPaths? = nil, now: Double) -> MachineFacts {
        let curl = CurlFeatures.current()
        let path = caBundle.path ?? curl.defaultCABundle
        return MachineFacts(mdns: MDNSFacts.read(), curl: curl, caBundle: caBundle, caBundlePath: path,
                            caBundleVerdict: path.map(CABundleCheck.inspect(path:)),
                            terminal: TerminalFacts.read(environment: environment), config: config,
                            clock: ClockFacts.read(now: now),
                            credentials: paths.map(CredentialFacts.read(paths:)) ?? CredentialFacts(folder: "", findings: []))
    }
}
