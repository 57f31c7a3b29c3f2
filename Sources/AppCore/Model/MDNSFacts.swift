/// What decides whether `.local` names resolve on this machine (the facts only; reading them
/// is `MDNSFacts.read` in SettingsStore, which looks at the machine).
public struct MDNSFacts: Equatable, Sendable {
    public enum Avahi: String, Equatable, Sendable {
        case answering
        /// No socket: the daemon is not installed or not running.
        case notRunning
        /// The socket exists but nothing answers on it.
        case silent
    }

    public var nsswitchPath: String
    /// The `hosts:` line; nil when the file cannot be read or has none.
    public var hostsLine: String?
    /// nss-mdns modules (`mdns4_minimal`, `mdns`, …) whose library the C library can load.
    public var loadableModules: Set<String>
    public var avahiSocketPath: String
    public var avahi: Avahi

    public init(nsswitchPath: String, hostsLine: String?, loadableModules: Set<String>,
                avahiSocketPath: String = MDNSFacts.avahiSocket, avahi: Avahi) {
        self.nsswitchPath = nsswitchPath
        self.hostsLine = hostsLine
        self.loadableModules = loadableModules
        self.avahiSocketPath = avahiSocketPath
        self.avahi = avahi
    }

    public static let nsswitch = "/etc/nsswitch.conf"
    public static let avahiSocket = "/run/avahi-daemon/socket"
    /// The modules libnss-mdns installs.
    public static let mdnsModules = ["mdns4_minimal", "mdns_minimal", "mdns6_minimal", "mdns4", "mdns", "mdns6"]
}
