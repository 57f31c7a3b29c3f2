import Localization

/// What the runtime must do after a key press. The update function never performs effects itself.
public enum UICommand: Hashable, Sendable {
    case setLanguage(AppLanguage)
    /// The pane was opened (`openNativeSettings`, which also tests every server).
    case openPane
    /// Leaving the pane is "returning to the app": run `refreshServerConfig` and switch if the
    /// selection changed.
    case closePane
    case testNow
    case testAll
    case selectServer(id: String)
    /// `confirmedUnreachable` is true when the user agreed to add an address that did not answer.
    case addCustomServer(address: String, confirmedUnreachable: Bool)
    /// Test a normalized address; report back with `UIEvent.customAddressTested`.
    case testCustomAddress(address: String)
    case removeCustomServer(id: String)
    /// Seconds, 5...60.
    case setConnectionTimeout(Int)
    case setAutoSwitchOnFailure(Bool)
    case setDetailedLogging(Bool)
    /// nil: use the system certificates.
    case setCABundle(String?)
    case cancelSwitch
    /// Switch from the fallback server back to the configured one.
    case switchBack
    /// `clearError`.
    case dismissNotice
    case login(username: String, password: String)
    case cancelLogin
    /// `i`: the sign-in dialog for the current server, at any time.
    case requestSignIn
    case quit
    case redraw
}

extension UICommand: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Never prints the password (commands may be logged).
    public var description: String {
        switch self {
        case .login(let username, _): "login(username: \(username.debugDescription), password: <redacted>)"
        case .setLanguage(let language): "setLanguage(\(language.rawValue))"
        case .selectServer(let id): "selectServer(\(id))"
        case .addCustomServer(let address, let confirmed): "addCustomServer(\(address), confirmedUnreachable: \(confirmed))"
        case .testCustomAddress(let address): "testCustomAddress(\(address))"
        case .removeCustomServer(let id): "removeCustomServer(\(id))"
        case .setConnectionTimeout(let seconds): "setConnectionTimeout(\(seconds))"
        case .setAutoSwitchOnFailure(let on): "setAutoSwitchOnFailure(\(on))"
        case .setDetailedLogging(let on): "setDetailedLogging(\(on))"
        case .setCABundle(let path): "setCABundle(\(path ?? "nil"))"
        case .openPane: "openPane"
        case .closePane: "closePane"
        case .testNow: "testNow"
        case .testAll: "testAll"
        case .cancelSwitch: "cancelSwitch"
        case .switchBack: "switchBack"
        case .dismissNotice: "dismissNotice"
        case .cancelLogin: "cancelLogin"
        case .requestSignIn: "requestSignIn"
        case .quit: "quit"
        case .redraw: "redraw"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["command": description]) }
}
