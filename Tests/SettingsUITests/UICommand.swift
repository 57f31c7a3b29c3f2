import Localization
import SettingsStore
import AppCore

/// What a key asked of the store, summed up from the events the screen reducer sent and the
/// effects it asked for: the tests' way of saying "Enter on pn51 chose pn51".
enum UICommand: Equatable {
    case setLanguage(AppLanguage)
    case openPane
    case closePane
    case testNow
    case testAll
    case selectServer(id: String)
    case addCustomServer(address: String)
    case testCustomAddress(address: String)
    case removeCustomServer(id: String)
    case setConnectionTimeout(Int)
    case setAutoSwitchOnFailure(Bool)
    case setDetailedLogging(Bool)
    case setCABundle(String?)
    case cancelSwitch
    case switchBack
    case dismissNotice
    case login(username: String, password: String)
    case cancelLogin
    case requestSignIn
    case quit
    case redraw

    static func summary(sent: [AppEvent], effects: [AppEffect]) -> [UICommand] {
        var result: [UICommand] = []
        for event in sent {
            switch event {
            case .languageChosen(let language): result.append(.setLanguage(language))
            case .paneOpened: result.append(.openPane)
            case .paneClosed: result.append(.closePane)
            case .testRequested: result.append(.testNow)
            case .rowTestsRequested: result.append(.testAll)
            case .serverChosen(let id, _): result.append(.selectServer(id: id))
            case .customServerAddRequested(let address, _): result.append(.addCustomServer(address: address))
            case .customServerRemoveRequested(let id, _): result.append(.removeCustomServer(id: id))
            case .settingsChangeRequested(.connectionTimeout(let seconds)): result.append(.setConnectionTimeout(seconds))
            case .settingsChangeRequested(.autoSwitchOnFailure(let on)): result.append(.setAutoSwitchOnFailure(on))
            case .settingsChangeRequested(.detailedLogging(let on)): result.append(.setDetailedLogging(on))
            case .settingsChangeRequested(.caBundle(let path)): result.append(.setCABundle(path))
            case .switchCancelled: result.append(.cancelSwitch)
            case .switchBackRequested: result.append(.switchBack)
            case .noticeDismissed: result.append(.dismissNotice)
            case .signInSubmitted(let username, let password):
                result.append(.login(username: username, password: password.reveal()))
            case .signInDismissed: result.append(.cancelLogin)
            case .signInRequested: result.append(.requestSignIn)
            default: break
            }
        }
        for effect in effects {
            switch effect {
            case .testAddress(let server): result.append(.testCustomAddress(address: server.baseUrl))
            case .inspectCABundle(let path): result.append(.setCABundle(path))
            case .quit: result.append(.quit)
            case .redrawScreen: result.append(.redraw)
            default: break
            }
        }
        return result
    }
}
