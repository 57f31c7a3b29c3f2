import Localization

/// settings.json and app-state.json: hydration, a re-read (hand edit, leaving the pane), the
/// app's own writes and their failures.
extension SettingsReducer {
    mutating func hydrate(settings: SettingsFileLoad, appState: AppStateFileLoad,
                          detectedLanguage: AppLanguage) {
        let saved = appState.state
        state.savedLanguage = saved.currentLanguage
        state.currentLanguage = state.languageOverride ?? saved.currentLanguage ?? detectedLanguage
        state.preferences = saved.preferences
        state.serverHistory = ServerHistory.normalized(saved.serverHistory)
        state.lastUserNames = saved.lastUserNames
        let resolution = resolver.resolve(settings.settings)
        applyPaneValues(settings.settings, resolution)
        state.configuredServer = resolution.configuredServer
        state.configuredSource = resolution.source
        state.currentServer = resolution.configuredServer
        state.serverSource = resolution.source
        setSettingsProblems(settings.problems + [resolution.problem].compactMap { $0 }, at: 0)
        state.appStateFileProblems = appState.problems
        postFileProblems(appState.problems, file: SettingsState.appStateFileName, at: 0)
    }

    /// What iOS did when the app became active: the server list and pane values follow the
    /// file; when the configured server changed, a switch is requested. An unchanged
    /// configuration does not undo a fallback.
    mutating func settingsFileRead(_ load: SettingsFileLoad, at: Double) {
        let resolution = resolver.resolve(load.settings)
        applyPaneValues(load.settings, resolution)
        // A notice told once about an earlier version of the file (what an in-app write found
        // and replaced) speaks of the past once the file is read anew: it goes.
        state.notices.removeAll { notice in
            guard case .file(let file, _) = notice.subject, file == SettingsState.settingsFileName else { return false }
            return notice.condition == .untilDismissed
        }
        var problems = load.problems + [resolution.problem].compactMap { $0 }
        if !load.existed {
            // A file moved aside leaves none behind: the notice naming the kept copy stays
            // until a valid settings.json is there again.
            problems += state.settingsFileProblems.filter { $0.key == Self.movedAsideKey }
        }
        setSettingsProblems(problems, at: at)
        let previous = selection
        let changed = resolution.configuredServer.id != state.configuredServer.id
            || resolution.source != state.configuredSource
        state.configuredServer = resolution.configuredServer
        state.configuredSource = resolution.source
        guard changed else { return }
        record(TimelineEntry(at: at, kind: .settingsEdited, serverId: resolution.configuredServer.id))
        requestServer(resolution.configuredServer, source: resolution.source, previousSelection: previous, at: at)
    }

    mutating func settingsWritten(_ change: SettingsChange, settings: NativeSettings, problems: [FileProblem],
                                  at: Double) {
        let resolution = resolver.resolve(settings)
        applyPaneValues(settings, resolution)
        // The file holds what the app wrote: valid. What was wrong with it before (and where a
        // copy was kept) is told once.
        setSettingsProblems([resolution.problem].compactMap { $0 }, at: at)
        for problem in problems {
            post(Notice(subject: .file(SettingsState.settingsFileName, field: problem.parameters["field"]),
                        kind: .info, message: AppError(key: problem.key, parameters: problem.parameters),
                        condition: .untilDismissed, postedAt: at))
        }
        let previous = selection
        let changed = resolution.configuredServer.id != state.configuredServer.id
            || resolution.source != state.configuredSource
        state.configuredServer = resolution.configuredServer
        state.configuredSource = resolution.source
        switch change {
        case .restoreSelection:
            // The switch that failed or was cancelled already put the screen back.
            return
        case .select:
            requestServer(resolution.configuredServer, source: resolution.source, previousSelection: previous, at: at)
        case .removeCustom, .reset:
            let currentGone = !state.availableServers.contains { $0.id == state.currentServer.id }
            if changed || currentGone {
                requestServer(resolution.configuredServer, source: resolution.source, previousSelection: previous, at: at)
            }
        case .addCustom, .connectionTimeout, .probeInterval, .autoSwitchOnFailure, .detailedLogging, .caBundle:
            break
        }
        tellPane(change, at: at)
        if case .reset = change { state.preferences = .defaults }
    }

    /// A failed or refused write is told; a refused value is not (the caller shows it where it
    /// was given).
    mutating func settingsWriteFailed(_ error: SettingsActionError, at: Double) {
        // Where the person acted, the pane says it did not happen, and why.
        if isPaneOpen {
            NoticeBoard.postPaneNote(error.appError, kind: .error, at: at, in: &state)
        }
        switch error {
        case .writeFailed, .fileRefused: break
        case .valueRefused, .unknownServer, .valueOutOfRange: return
        }
        post(Notice(subject: .file(SettingsState.settingsFileName, field: nil), kind: .error,
                    message: error.appError, condition: .untilDismissed, postedAt: at))
    }

    /// The pane's answer to a change made there: what was added, removed or saved. A server
    /// added is tested at once, so its row shows whether it answers.
    private mutating func tellPane(_ change: SettingsChange, at: Double) {
        guard isPaneOpen else { return }
        switch change {
        case .addCustom(let address):
            NoticeBoard.postPaneNote(AppError(key: "ui.pane.added", parameters: ["address": address]), kind: .goodNews,
                                     at: at, in: &state)
            if let added = state.availableServers.first(where: { $0.baseUrl == address }) {
                testRows([added.id], at: at)
            }
        case .removeCustom(let address):
            NoticeBoard.postPaneNote(AppError(key: "ui.pane.removed", parameters: ["address": address]), kind: .goodNews,
                                     at: at, in: &state)
        case .caBundle:
            NoticeBoard.postPaneNote(AppError(key: "ui.pane.saved"), kind: .goodNews, at: at, in: &state)
        case .select, .restoreSelection, .connectionTimeout, .probeInterval, .autoSwitchOnFailure, .detailedLogging,
             .reset:
            break
        }
    }

    /// A typed address for `custom_servers`: written when valid and new; otherwise the pane
    /// says why not (the command line reports the same from the validation it shows).
    mutating func addCustomServer(_ address: String, at: Double) {
        let validation = AddressValidator.validate(address, environment: state.environment)
        guard validation.isValid else {
            NoticeBoard.postPaneNote(ConnectivityMessages.invalidAddress(validation), kind: .error, at: at, in: &state)
            return
        }
        if let existing = state.availableServers.first(where: { $0.baseUrl == validation.normalizedAddress }) {
            NoticeBoard.postPaneNote(AppError(key: "ui.pane.already_added", parameters: ["address": existing.baseUrl]),
                                     kind: .info, at: at, in: &state)
            return
        }
        emit(.writeSettings(.addCustom(address: validation.normalizedAddress)))
    }

    /// app-state.json changed on disk: a language another copy chose (`lang`) shows here too.
    mutating func appStateFileRead(_ load: AppStateFileLoad, at: Double) {
        guard let language = load.state.currentLanguage, language != state.savedLanguage else { return }
        state.savedLanguage = language
        state.languageOverride = nil
        state.currentLanguage = language
    }

    /// The problem that names where an unreadable file was kept.
    static let movedAsideKey = "files.moved_aside"

    /// What settings.json names now, to put back if a switch it asks for fails.
    var selection: SettingsSelection {
        SettingsSelection(address: state.configuredSource == .nativeSettings ? state.configuredServer.baseUrl : nil)
    }

    /// Pane values and the server list follow the file; the current and configured servers
    /// keep their identity but take their fresh config (e.g. a new timeout).
    mutating func applyPaneValues(_ settings: NativeSettings, _ resolution: NativeSettingsResolver.Resolution) {
        let kept = Set(resolution.availableServers.map(\.id))
        for server in state.availableServers where server.isCustom && !kept.contains(server.id) {
            state.formerServerNames[server.id] = ServerNames.stored(server)
        }
        state.availableServers = resolution.availableServers
        state.connectionTimeout = settings.connectionTimeout
        state.autoSwitchOnFailure = settings.autoSwitchOnFailure
        state.detailedLogging = settings.enableDetailedLogging
        state.caBundle = settings.caBundle
        state.probeInterval = settings.probeInterval
        state.certWarningDays = settings.certWarningDays
        state.watchSettings = WatchSettings(settings)
        state.currentServer = fresh(state.currentServer)
    }

    /// Every problem gets its own notice, naming the field and the value that was refused;
    /// each goes as soon as a read of the file no longer finds it.
    private mutating func setSettingsProblems(_ problems: [FileProblem], at: Double) {
        state.settingsFileProblems = problems
        postFileProblems(problems, file: SettingsState.settingsFileName, at: at)
    }

    private mutating func postFileProblems(_ problems: [FileProblem], file: String, at: Double) {
        // Newest first on screen: posted last to first, they read in the file's order.
        for problem in problems.reversed() {
            let field = problem.parameters["field"]
            let subject = Notice.Subject.file(file, field: field)
            let message = AppError(key: problem.key, parameters: problem.parameters)
            // The same problem read again keeps its notice, or stays dismissed.
            if state.notices.contains(where: { $0.subject == subject && $0.message == message }) { continue }
            if state.connectivity.dismissed.contains(DismissedNotice(subject: subject, key: problem.key)) { continue }
            post(Notice(subject: subject, kind: .warning, message: message,
                        condition: .fileProblem(file: file, key: problem.key, field: field), postedAt: at))
        }
    }
}
