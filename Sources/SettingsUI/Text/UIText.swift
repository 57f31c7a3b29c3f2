import Localization
import AppCore
import TerminalRendering

/// Every word the screens show, from the catalogs. Names (pn51, Mac Mini, URLs) are the only
/// text that is not localized. Values that may come from a server are sanitized here, once.
struct UIText {
    let localizer: Localizer
    let settings: SettingsState
    /// This machine's clock as of the frame, for texts that quote it (`ScreenTime.clockReading`).
    let clockReading: Double?

    init(settings: SettingsState, clockReading: Double? = nil) {
        self.localizer = Localizer(language: settings.currentLanguage)
        self.settings = settings
        self.clockReading = clockReading
    }

    func callAsFunction(_ key: String, _ parameters: [String: String] = [:]) -> String {
        localizer.text(key, parameters)
    }

    /// `TextSanitizer.clean`, skipped for printable ASCII (every frame cleans every server name
    /// in the pane list, and nearly all of them are plain host names).
    static func clean(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text
        }
        return TextSanitizer.clean(text)
    }

    // MARK: - Status

    func statusWord(_ status: ConnectionStatus) -> String {
        switch status {
        case .connected: localizer.text("status.connected")
        case .disconnected: localizer.text("status.disconnected")
        case .testing: localizer.text("status.testing")
        case .switching: localizer.text("status.switching")
        case .error: localizer.text("status.error")
        }
    }

    /// The widest status word, so status columns line up whatever the status.
    func widestStatusWord(_ metrics: DisplayWidth) -> Int {
        ConnectionStatus.allCases.map { metrics.width(of: statusWord($0)) }.max() ?? 0
    }

    /// "12 ms", "<1 ms" (`MillisecondsText`).
    func milliseconds(_ value: Double) -> String {
        localizer.text("ui.response_ms", ["ms": MillisecondsText.figure(value)])
    }

    /// "3 s ago", "5 min ago" from two minutes on, "not yet" without a test (`CheckedAge`).
    func checkedAgo(_ age: CheckedAge) -> String {
        switch age {
        case .never: localizer.text("ui.never_checked")
        case .seconds(let seconds): localizer.text("ui.checked_ago", ["seconds": String(seconds)])
        case .minutes(let minutes): localizer.text("ui.checked_ago_minutes", ["minutes": String(minutes)])
        }
    }

    // MARK: - Servers

    /// The name people read (`ServerNames`) with, for an internationalized host, its A-label
    /// beside it ("病院.example.jp (xn--0rys90e.example.jp)"), sanitized for the screen: what
    /// messages, the timeline, the history and dialogs say.
    func serverName(_ server: ServerConfig) -> String {
        UIText.clean(ServerNames.withALabel(server, localizer: localizer))
    }

    /// The name of a server id, also for servers no longer in the list.
    func serverName(id: String) -> String {
        if let server = server(id: id) {
            return serverName(server)
        }
        return UIText.clean(ServerNames.withALabel(id: id, servers: settings.availableServers,
                                                   formerNames: settings.formerServerNames, localizer: localizer))
    }

    /// The name alone (Unicode form), where a row has no room for both and the A-label is shown
    /// beside it anyway (the header, the pane's rows with their URL).
    func shortServerName(_ server: ServerConfig) -> String {
        UIText.clean(ServerNames.name(server, localizer: localizer))
    }

    /// `shortServerName` of an id, also for servers no longer in the list.
    func shortServerName(id: String) -> String {
        UIText.clean(ServerNames.name(id: id, servers: settings.availableServers,
                                      formerNames: settings.formerServerNames, localizer: localizer))
    }

    /// The pane entry: `server.<id>.title` ("pn51 (Default)") for prefilled servers.
    func serverTitle(_ server: ServerConfig) -> String {
        if server.isPrefilled, localizer.hasText("server.\(server.id).title") {
            return localizer.text("server.\(server.id).title")
        }
        return shortServerName(server)
    }

    func serverDescription(_ server: ServerConfig) -> String {
        if server.isPrefilled, localizer.hasText("server.\(server.id).description") {
            return localizer.text("server.\(server.id).description")
        }
        return localizer.text("server.custom.description")
    }

    func server(id: String) -> ServerConfig? {
        if settings.currentServer.id == id {
            return settings.currentServer
        }
        return settings.availableServers.first { $0.id == id }
    }

    // MARK: - Errors and messages

    /// `error.<code>.short`, e.g. "timeout after 10 s", "HTTP 502".
    func shortError(_ error: ConnectivityError, httpStatus: Int? = nil) -> String {
        let parameters = errorParameters(error, httpStatus: httpStatus)
        return localizer.text(ConnectivityMessages.shortKey(error.merging(parameters: parameters)), parameters)
    }

    /// A timeline entry's reason in its short form, worded by `shortError` like the check row;
    /// nil when the entry has none. The one wording of a reason for the timeline and `--plain`.
    func shortReason(_ entry: TimelineEntry) -> String? {
        if let reason = entry.reason { return shortError(reason) }
        return entry.code.map { shortError(ConnectivityError(code: $0, message: "")) }
    }

    /// What to do about an error known by its code only; `parameters` are the message's, so the
    /// advice names the same host (a redirect's other host) as the message before it.
    func action(_ code: ConnectivityErrorCode, parameters: [String: String] = [:]) -> String {
        localizer.text("error.\(code.rawValue).action", defaults(parameters.mapValues(UIText.clean)))
    }

    /// What to do about an error; a known cause has its own advice (a stalled resolver is not
    /// helped by a longer timeout).
    func action(_ error: ConnectivityError) -> String {
        localizer.text(ConnectivityMessages.actionKey(error), errorParameters(error, httpStatus: nil))
    }

    func message(_ error: AppError) -> String {
        localizer.text(error.key, parameters(error.parameters, code: error.code, reason: error.reason))
    }

    /// The shortest a name is cut to: both its ends still tell it from another (the pane's titles).
    static let shortestName = 12

    /// Fills what a template may need and the producer left out: `{reason}` from the code's
    /// short text, server ids as names, `{host}` and `{seconds}` from the settings.
    func parameters(_ given: [String: String], code: ConnectivityErrorCode?, reason: ConnectivityError?) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in given {
            let clean = UIText.clean(value)
            let namesAServer = ConnectivityMessages.serverParameters.contains(name)
            result[name] = namesAServer && (server(id: clean) != nil || settings.formerServerNames[clean] != nil) ? serverName(id: clean) : clean
        }
        if result["reason"] == nil {
            if let reason {
                result["reason"] = shortError(reason.merging(parameters: given))
            } else if let code {
                result["reason"] = shortError(ConnectivityError(code: code, message: "", parameters: result))
            }
        }
        return defaults(result)
    }

    private func errorParameters(_ error: ConnectivityError, httpStatus: Int?) -> [String: String] {
        var result = error.parameters.mapValues(UIText.clean)
        if result["status"] == nil, let httpStatus {
            result["status"] = String(httpStatus)
        }
        return defaults(result)
    }

    private func defaults(_ parameters: [String: String]) -> [String: String] {
        var result = parameters
        if result["now"] != nil, let clockReading {
            // The test read the clock when it ran; the text quotes it as of this frame.
            result["now"] = CertificateInfo.iso(clockReading)
        }
        if result["host"] == nil {
            result["host"] = UIText.clean(settings.currentServer.name)
        }
        result = ReadableHostParameter.worded(result)
        if result["seconds"] == nil {
            result["seconds"] = String(settings.connectionTimeout)
        }
        if result["status"] == nil {
            result["status"] = "?"
        }
        return result
    }
}
