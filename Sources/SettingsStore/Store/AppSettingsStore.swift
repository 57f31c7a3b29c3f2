import Localization

/// The store of the app's one state (`AppState`: the settings slice and the screen slice), with
/// the app's (Zustand) API on top as a thin view of the settings slice: `getState`, `subscribe`,
/// and the actions by their names. Every action is one `AppEvent` given to `dispatch`, which
/// applies `AppReducer.reduce` and hands every effect it returns to the one runner (`runner`;
/// the store's files are one of its engines). Effects report back through `dispatch`. Nothing else can change the state: `setState` exists only inside this module,
/// and no action decides anything: the reducer does.
///
/// Decisions:
/// - `init` reads nothing; call `loadSettings()` before the first frame (it is synchronous).
/// - `--lang` (`languageOverride`) wins at load and is never written; choosing a language
///   ends the override and is saved, because it is the person's choice. A language nobody
///   chose (detected from the environment) is not saved, so it is detected again next time.
/// - Without an effect handler (the command line) a server chosen in settings.json is adopted
///   at once, untested, and nothing is recorded in the history.
/// - `resetToDefaults` resets settings.json but keeps `custom_servers` (a person's data),
///   resets preferences, and keeps the language and the history.
@MainActor
public final class AppSettingsStore {
    public let paths: AppPaths
    public let environment: AppEnvironment

    /// Runs every effect (`EffectRunner`, attached by the app's loop or the connectivity
    /// runtime). When nil (the command line's one-shot commands) the store's files are the only
    /// engine there is: file effects run here (`runFileEffect`), the rest are dropped, since
    /// without a runner nothing is tested.
    public var runner: (any EffectRunning)?
    /// Results from other threads on their way to `dispatch`, handed on by the runner.
    public let inbox = EffectInbox()

    /// Its wall-clock time is stamped on the events the actions make.
    public let clock: AppClock

    private let store: ObservableStore<AppState>
    private let processEnvironment: [String: String]
    private let nativeSettingsFile: NativeSettingsFile
    private let appStateFile: AppStateFile
    private let resolver: NativeSettingsResolver
    private let settingsWriter: SettingsFileWriter
    private var appStateWriter: AppStateWriter?

    public init(paths: AppPaths, environment: AppEnvironment, languageOverride: AppLanguage?,
                processEnvironment: [String: String], clock: AppClock = .system) {
        self.paths = paths
        self.environment = environment
        self.processEnvironment = processEnvironment
        self.clock = clock
        nativeSettingsFile = NativeSettingsFile(path: paths.settingsFile, environment: environment)
        appStateFile = AppStateFile(path: paths.appStateFile)
        resolver = NativeSettingsResolver(environment: environment)
        settingsWriter = SettingsFileWriter(file: nativeSettingsFile)
        let defaults = resolver.resolve(.defaults)
        store = ObservableStore(AppState(settings: SettingsState(
            currentServer: defaults.configuredServer, availableServers: defaults.availableServers,
            serverSource: .default,
            currentLanguage: languageOverride ?? LanguageDetector.detect(environment: processEnvironment),
            environment: environment, languageOverride: languageOverride)))
        let inbox = inbox
        appStateWriter = AppStateWriter(file: appStateFile, onFailure: { [weak self] problem in
            inbox.post { self?.dispatch(.appStateWriteFailed(problem, at: clock.now())) }
        }, onKept: { [weak self] problems in
            inbox.post { self?.dispatch(.appStateWritten(problems: problems, at: clock.now())) }
        }, onIdle: { [weak self] in
            inbox.post { self?.onAppStateWritesDone?() }
        })
    }

    // MARK: Store API

    /// The settings slice: what the app's Zustand store holds.
    public func getState() -> SettingsState { store.getState().settings }

    /// The whole state, the screen slice included (the loop draws frames from it).
    public func getAppState() -> AppState { store.getState() }

    public func subscribe<Slice>(_ selector: @escaping (SettingsState) -> Slice,
                                 equality: @escaping (Slice, Slice) -> Bool,
                                 fireImmediately: Bool = false,
                                 _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        store.subscribe({ selector($0.settings) }, equality: equality, fireImmediately: fireImmediately, listener)
    }

    public func subscribe<Slice: Equatable>(_ selector: @escaping (SettingsState) -> Slice,
                                            fireImmediately: Bool = false,
                                            _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        store.subscribe({ selector($0.settings) }, fireImmediately: fireImmediately, listener)
    }

    public func subscribe(fireImmediately: Bool = false,
                          _ listener: @escaping (_ new: SettingsState, _ old: SettingsState) -> Void) -> StoreSubscription {
        store.subscribe({ $0.settings }, fireImmediately: fireImmediately, listener)
    }

    /// Every change of the whole state, the screen slice included.
    public func subscribeApp(_ listener: @escaping (_ new: AppState, _ old: AppState) -> Void) -> StoreSubscription {
        store.subscribe(fireImmediately: false, listener)
    }

    /// Applies an event and runs its effects. File effects run at once and their results are
    /// dispatched before this returns; they are returned too, so an action can tell its
    /// caller (the command line) what happened.
    @discardableResult
    public func dispatch(_ event: AppEvent) -> [AppEvent] {
        var effects: [AppEffect] = []
        store.setState { effects = AppReducer.reduce(&$0, event) }
        guard !effects.isEmpty else { return [] }
        if let runner { return runner.run(effects) }
        var outcomes: [AppEvent] = []
        for effect in effects {
            guard let outcome = runFileEffect(effect) else { continue }
            outcomes.append(outcome)
            outcomes += dispatch(outcome)
        }
        return outcomes
    }

    /// The store's files as an engine of the runner: settings.json read and written at once
    /// (the outcome returned, for the runner to dispatch), app-state.json handed to its
    /// background writer (whose outcome comes back by itself). Nil for every other effect.
    public func runFileEffect(_ effect: AppEffect) -> AppEvent? {
        switch effect {
        case .writeSettings(let change):
            return settingsWriter.write(change, at: clock.now())
        case .readSettingsFile:
            return .settingsFileRead(nativeSettingsFile.load(), at: clock.now())
        case .persistAppState(let snapshot):
            appStateWriter?.enqueue(snapshot)
            return nil
        default:
            return nil
        }
    }

    /// A write of app-state.json is waiting or under way (the runner counts it as in flight).
    public var isWritingAppState: Bool { appStateWriter?.isBusy ?? false }

    /// Called on the main actor, through the inbox (after the write's own outcome), when
    /// app-state.json's writes are done: the runner's idle waiters look again.
    public var onAppStateWritesDone: (@MainActor () -> Void)?

    // MARK: Loading

    /// Hydrates from settings.json and app-state.json, synchronously. Never throws: problems
    /// with the files become notices.
    public func loadSettings() {
        dispatch(.loaded(settings: nativeSettingsFile.load(), appState: appStateFile.load(),
                         detectedLanguage: LanguageDetector.detect(environment: processEnvironment)))
    }

    /// Re-reads settings.json and applies it (the configured server, the server list, the
    /// pane values). Returns the configured server.
    @discardableResult
    public func loadServerFromNativeSettings() -> ServerConfig {
        refreshServerConfig()
        return getState().configuredServer
    }

    /// Re-reads settings.json (what iOS did when the app became active): server list and pane
    /// values follow the file; when the configured server changed, a switch is requested.
    public func refreshServerConfig() {
        dispatch(.settingsFileRead(nativeSettingsFile.load(), at: clock.now()))
    }

    /// Re-reads app-state.json after another copy changed it (`lang` from another terminal):
    /// a language chosen there shows here too. Skipped while our own write is on its way (the
    /// file may still hold our previous state); the change that write makes is seen next.
    public func refreshAppState() {
        // Our own save is reported too: a file that still holds exactly it is not read again.
        guard !(appStateWriter?.isBusy ?? false),
              let load = appStateFile.peek(unlessItHolds: appStateWriter?.lastLeft) else { return }
        dispatch(.appStateFileRead(load, at: clock.now()))
    }

    // MARK: Language and preferences

    /// Applies at once (the next frame shows it) and is saved in the background; never waits
    /// for the disk or the network.
    public func setLanguage(_ language: AppLanguage) {
        dispatch(.languageChosen(language))
    }

    public func updatePreferences(_ mutate: (inout Preferences) -> Void) {
        var preferences = getState().preferences
        mutate(&preferences)
        dispatch(.preferencesChanged(preferences))
    }

    /// Waits until every pending write of app-state.json is on disk (at exit, and in tests).
    /// Throws the first write failure since the last flush.
    /// Returns what the writes said (a copy kept aside, `files.kept_copy`), for the command
    /// line to tell; the app hears it as `appStateWritten`.
    @discardableResult
    public func flushPersistence() throws -> [FileProblem] {
        guard let (failure, kept) = appStateWriter?.flush() else { return [] }
        guard let failure else { return kept }
        dispatch(.appStateWriteFailed(failure, at: clock.now()))
        throw SettingsActionError.fileRefused(failure)
    }

    // MARK: Settings pane

    /// Opens the Settings › VerbumCare pane (the app's `openIOSSettings`); every server is tested.
    public func openNativeSettings() {
        dispatch(.paneOpened(at: clock.now()))
    }

    /// Leaving the pane is returning to the app: settings.json is re-read and applied.
    public func closeNativeSettings() {
        dispatch(.paneClosed(at: clock.now()))
    }

    /// Names the server in settings.json; the app then switches to it. Throws for an id the
    /// store does not know, or when the file could not be written.
    public func selectServer(id: String) throws {
        let outcomes = dispatch(.serverChosen(id: id, at: clock.now()))
        guard !outcomes.isEmpty else { throw SettingsActionError.unknownServer(id) }
        try Self.throwFailure(outcomes)
    }

    /// Adds a custom server to `custom_servers` (under the file's lock, so a concurrent
    /// writer's additions are kept); the reducer validates it and refuses duplicates. Returns
    /// what happened, with the validation to show; only a write failure throws.
    public func addCustomServer(_ address: String) throws -> AddCustomServerResult {
        let validation = AddressValidator.validate(address, environment: environment)
        let known = getState().availableServers.first { $0.baseUrl == validation.normalizedAddress }
        let outcomes = dispatch(.customServerAddRequested(address: address, at: clock.now()))
        try Self.throwFailure(outcomes)
        guard validation.isValid else { return AddCustomServerResult(validation: validation, outcome: .invalid) }
        if let known { return AddCustomServerResult(validation: validation, outcome: .duplicate(existing: known)) }
        guard let added = getState().availableServers.first(where: { $0.baseUrl == validation.normalizedAddress }) else {
            return AddCustomServerResult(validation: validation, outcome: .invalid)
        }
        return AddCustomServerResult(validation: validation, outcome: .added(added))
    }

    /// Removes a custom server given by id or address; nil when no custom server matches.
    /// If it was configured, settings.json falls back to the default (and the app to pn51).
    @discardableResult
    public func removeCustomServer(_ idOrAddress: String) throws -> ServerConfig? {
        guard let target = getState().availableServers.first(where: {
            $0.isCustom && ($0.id == idOrAddress || resolver.address(idOrAddress, denotes: $0))
        }) else { return nil }
        try Self.throwFailure(dispatch(.customServerRemoveRequested(id: target.id, at: clock.now())))
        return target
    }

    /// Seconds, 5...60; anything else is refused and nothing is written.
    public func setConnectionTimeout(_ seconds: Int) throws {
        try requireRange(seconds, NativeSettings.connectionTimeoutRange, key: .connectionTimeout)
        try change(.connectionTimeout(seconds))
    }

    public func setAutoSwitchOnFailure(_ enabled: Bool) throws {
        try change(.autoSwitchOnFailure(enabled))
    }

    public func setDetailedLogging(_ enabled: Bool) throws {
        try change(.detailedLogging(enabled))
    }

    /// nil or an empty path removes the setting (the system store is used).
    public func setCABundle(_ path: String?) throws {
        let trimmed = path.map(URLParts.trimmingWhitespace)
        try change(.caBundle((trimmed?.isEmpty ?? true) ? nil : trimmed))
    }

    /// settings.json back to its defaults, keeping `custom_servers`; preferences back to
    /// defaults; language and history kept.
    public func resetToDefaults() throws {
        try change(.reset)
    }

    /// Removes the newest error or warning (`lastError`).
    public func clearError() {
        let subject = getState().notices.first { $0.kind == .error || $0.kind == .warning }?.subject
        guard subject != nil else { return }
        dispatch(.noticeDismissed(subject))
    }

    /// Removes a notice (nil: the first one on screen).
    public func dismissNotice(_ subject: Notice.Subject?) {
        dispatch(.noticeDismissed(subject))
    }

    // MARK: Connectivity actions (effects run by the connectivity layer)

    /// `r`: tests the current server now (`refreshConnectionStatus`).
    public func refreshConnectionStatus() {
        dispatch(.testRequested(at: clock.now()))
    }

    /// `testServerConnectivity(serverId)` (SPEC §7, the app's action): the server in use is
    /// tested as `r` tests it (its result drives the status); any other fills its pane row.
    public func testServerConnectivity(_ serverId: String) {
        if serverId == getState().currentServer.id {
            refreshConnectionStatus()
        } else {
            dispatch(.rowTestsRequested(serverIds: [serverId], at: clock.now()))
        }
    }

    /// Esc during a switch: the previous server stays, and settings.json names it again.
    public func cancelSwitch() {
        dispatch(.switchCancelled(at: clock.now()))
    }

    /// `s`: back to the configured server once it answers again.
    public func switchBack() {
        dispatch(.switchBackRequested(at: clock.now()))
    }

    /// `i`: the sign-in dialog for the current server.
    public func requestSignIn() {
        dispatch(.signInRequested(serverId: getState().currentServer.id, at: clock.now()))
    }

    public func signIn(username: String, password: SecretText) {
        dispatch(.signInSubmitted(username: username, password: password))
    }

    public func dismissSignIn() {
        dispatch(.signInDismissed)
    }

    public func signOut() {
        dispatch(.signOutRequested(at: clock.now()))
    }

    // MARK: Internals

    /// Asks for a change of settings.json and waits for the write (file effects run at once).
    private func change(_ change: SettingsChange) throws {
        for outcome in dispatch(.settingsChangeRequested(change)) {
            if case .settingsWriteFailed(let failed, let error, _) = outcome, failed == change { throw error }
        }
    }

    /// The first write that failed among an action's outcomes.
    private static func throwFailure(_ outcomes: [AppEvent]) throws {
        for outcome in outcomes {
            if case .settingsWriteFailed(_, let error, _) = outcome { throw error }
        }
    }

    private func requireRange(_ value: Int, _ range: ClosedRange<Int>, key: NativeSettings.Key) throws {
        guard range.contains(value) else {
            throw SettingsActionError.valueOutOfRange(setting: key.rawValue, value: value, range: range)
        }
    }
}
