import Foundation
import Localization

/// The settings store with the app's actions (SPEC §7). It owns the files' side of the
/// actions; network effects (tests, switching, fallback) belong to the connectivity layer,
/// which plugs in through `onServerChangeRequested` and reports back through `setState`.
///
/// Decisions:
/// - `init` reads nothing; call `loadSettings()` before the first frame (it is synchronous).
/// - `--lang` (`languageOverride`) wins at load and is never written by loading or by any
///   other write of app-state.json; an explicit `setLanguage` during such a run ends the
///   override and is persisted, because it is the user's choice.
/// - A language nobody chose (detected from the environment) is not persisted, so it is
///   detected again next time.
/// - `serverSource` at load comes from settings.json (`native_settings` or `default`); what
///   app-state.json remembers of the last run is offered as `previousSession`.
/// - app-state.json is rewritten (in the background) whenever the language is chosen or the
///   source, current server id, history or preferences change, whoever changed them.
/// - `resetToDefaults` resets settings.json but keeps `custom_servers` (user data, SPEC §8
///   "never deleted"), resets preferences, and keeps the language and the history.
/// - Removing the configured custom server removes `backend_server_address` (so the source
///   becomes `default`) and switches to pn51.
@MainActor
public final class AppSettingsStore {
    public let paths: AppPaths
    public let environment: AppEnvironment
    /// This run's `--lang`, until `setLanguage` is called.
    public private(set) var languageOverride: AppLanguage?
    /// The server settings.json names (after validation), which differs from the current
    /// server during a fallback or while a switch is pending.
    public private(set) var configuredServer: ServerConfig
    public private(set) var configuredSource: ServerSource = .default
    /// app-state.json as `loadSettings` found it (the last run's source and server).
    public private(set) var previousSession: PersistedAppState?

    /// Called when settings.json asks for a server (a selection, a hand edit seen by
    /// `refreshServerConfig`, a removal of the current server, a reset), also when it is the
    /// server already current. The connectivity layer runs its switch pipeline and reports
    /// back through `setState` (and `recordHistory`); when nil the target is adopted at once
    /// (see `adoptServer`) and nothing is recorded in the history.
    public var onServerChangeRequested: (@MainActor (_ target: ServerConfig, _ source: ServerSource) -> Void)?

    /// This run's presentation state: the settings pane flag and the file problems.
    public let session: ObservableStore<SettingsSessionState>

    private let store: ObservableStore<SettingsState>
    private let processEnvironment: [String: String]
    private let nativeSettingsFile: NativeSettingsFile
    private let appStateFile: AppStateFile
    private let resolver: NativeSettingsResolver
    private var appStateWriter: AppStateWriter?
    /// The language to write to app-state.json: the saved or explicitly chosen one, never `--lang`.
    private var chosenLanguage: AppLanguage?
    /// Loading must not write what it just read.
    private var isHydrating = false
    private var persistenceSubscription: StoreSubscription?
    private var settingsProblems: [FileProblem] = []
    private var appStateProblems: [FileProblem] = []

    public init(paths: AppPaths, environment: AppEnvironment, languageOverride: AppLanguage?,
                processEnvironment: [String: String]) {
        self.paths = paths
        self.environment = environment
        self.languageOverride = languageOverride
        self.processEnvironment = processEnvironment
        nativeSettingsFile = NativeSettingsFile(path: paths.settingsFile, environment: environment)
        appStateFile = AppStateFile(path: paths.appStateFile)
        resolver = NativeSettingsResolver(environment: environment)
        let defaults = resolver.resolve(.defaults)
        configuredServer = defaults.configuredServer
        let initial = SettingsState(
            currentServer: defaults.configuredServer, availableServers: defaults.availableServers,
            serverSource: .default,
            currentLanguage: languageOverride ?? LanguageDetector.detect(environment: processEnvironment),
            environment: environment)
        store = ObservableStore(initial)
        session = ObservableStore(SettingsSessionState())
        appStateWriter = AppStateWriter(file: appStateFile) { [weak self] reason in
            Task { @MainActor in self?.reportAppStateWriteFailure(reason) }
        }
        persistenceSubscription = store.subscribe({ PersistedSlice($0) }) { [weak self] _, _ in
            guard let self, !self.isHydrating else { return }
            self.persistAppState()
        }
    }

    // MARK: Store API

    public func getState() -> SettingsState { store.getState() }

    public func setState(_ mutate: (inout SettingsState) throws -> Void) rethrows {
        try store.setState(mutate)
    }

    public func subscribe<Slice>(_ selector: @escaping (SettingsState) -> Slice,
                                 equality: @escaping (Slice, Slice) -> Bool,
                                 fireImmediately: Bool = false,
                                 _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        store.subscribe(selector, equality: equality, fireImmediately: fireImmediately, listener)
    }

    public func subscribe<Slice: Equatable>(_ selector: @escaping (SettingsState) -> Slice,
                                            fireImmediately: Bool = false,
                                            _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        store.subscribe(selector, fireImmediately: fireImmediately, listener)
    }

    public func subscribe(fireImmediately: Bool = false,
                          _ listener: @escaping (_ new: SettingsState, _ old: SettingsState) -> Void) -> StoreSubscription {
        store.subscribe(fireImmediately: fireImmediately, listener)
    }

    public var isSettingsPaneOpen: Bool { session.getState().isSettingsPaneOpen }
    public var fileProblems: [FileProblem] { session.getState().fileProblems }

    // MARK: Loading

    /// Hydrates from settings.json and app-state.json, synchronously. Never throws: problems
    /// with the files become `fileProblems`, the first of them `lastError`.
    public func loadSettings() {
        let settingsLoad = nativeSettingsFile.load()
        let appStateLoad = appStateFile.load()
        let saved = appStateLoad.state
        previousSession = saved
        chosenLanguage = saved.currentLanguage
        let language = languageOverride ?? saved.currentLanguage ?? LanguageDetector.detect(environment: processEnvironment)
        let resolution = resolver.resolve(settingsLoad.settings)
        let fromSettings = settingsLoad.problems + [resolution.problem].compactMap { $0 }
        let fromAppState = appStateLoad.problems
        let problems = fromSettings + fromAppState
        hydrate {
            $0.currentLanguage = language
            $0.preferences = saved.preferences
            $0.serverHistory = ServerHistory.normalized(saved.serverHistory)
            self.adoptConfiguration(settingsLoad.settings, resolution, into: &$0)
            if let first = problems.first { $0.lastError = first.appError }
        }
        setFileProblems(settings: fromSettings, appState: fromAppState)
    }

    /// Reads settings.json and makes the server it names current, without a switch (this is
    /// hydration). Returns that server.
    @discardableResult
    public func loadServerFromNativeSettings() -> ServerConfig {
        let load = nativeSettingsFile.load()
        let resolution = resolver.resolve(load.settings)
        let problems = load.problems + [resolution.problem].compactMap { $0 }
        hydrate {
            self.adoptConfiguration(load.settings, resolution, into: &$0)
            if let first = problems.first { $0.lastError = first.appError }
        }
        setFileProblems(settings: problems)
        return resolution.configuredServer
    }

    /// Re-reads settings.json (what iOS did when the app became active): server list and pane
    /// values follow the file; when the configured server changed, a switch is requested.
    /// An unchanged configuration does not undo a fallback.
    public func refreshServerConfig() {
        let load = nativeSettingsFile.load()
        let resolution = resolver.resolve(load.settings)
        let problems = load.problems + [resolution.problem].compactMap { $0 }
        let configurationChanged = resolution.configuredServer.id != configuredServer.id
            || resolution.source != configuredSource
        store.setState {
            self.applyPaneValues(load.settings, resolution, into: &$0)
            if let first = problems.first { $0.lastError = first.appError }
        }
        setFileProblems(settings: problems)
        configuredServer = resolution.configuredServer
        configuredSource = resolution.source
        if configurationChanged {
            requestServer(resolution.configuredServer, source: resolution.source)
        }
    }

    // MARK: Language and preferences

    /// Applies at once (the next frame shows it) and persists in the background; never waits
    /// for the disk or the network. Write failures surface in `lastError` and `flushPersistence`.
    public func setLanguage(_ language: AppLanguage) {
        languageOverride = nil
        chosenLanguage = language
        store.setState { $0.currentLanguage = language }
        persistAppState()
    }

    public func updatePreferences(_ mutate: (inout Preferences) -> Void) {
        store.setState { mutate(&$0.preferences) }
    }

    /// Records a switch in `serverHistory` (newest first, at most 10, one per server); persisted.
    public func recordHistory(_ entry: ServerHistoryEntry) {
        store.setState { $0.serverHistory = ServerHistory.recording(entry, into: $0.serverHistory) }
    }

    /// Waits until every pending write of app-state.json is on disk (at exit, and in tests).
    /// Throws the first write failure since the last flush.
    public func flushPersistence() throws {
        guard let reason = appStateWriter?.flush() else { return }
        let failure = SettingsActionError.writeFailed(file: Self.fileName(appStateFile.path), reason: reason)
        store.setState { $0.lastError = failure.appError }
        throw failure
    }

    // MARK: Settings pane

    /// Opens the Settings › VerbumCare pane (the app's `openIOSSettings`).
    public func openNativeSettings() {
        session.setState { $0.isSettingsPaneOpen = true }
    }

    /// Leaving the pane is returning to the app: settings.json is re-read and applied.
    public func closeNativeSettings() {
        session.setState { $0.isSettingsPaneOpen = false }
        refreshServerConfig()
    }

    /// Writes `backend_server_address` and asks for a switch to the server.
    public func selectServer(id: String) throws {
        guard let target = getState().availableServers.first(where: { $0.id == id }) else {
            throw SettingsActionError.unknownServer(id)
        }
        let saved = try writeSettings { $0.backendServerAddress = target.baseUrl }
        applyWrittenSettings(saved)
        configuredServer = target
        configuredSource = .nativeSettings
        requestServer(target, source: .nativeSettings)
    }

    /// Validates and adds a custom server to `custom_servers` (under the file's lock, so a
    /// concurrent writer's additions are kept). Invalid and duplicate addresses are refused
    /// with a result to show; only a write failure throws.
    public func addCustomServer(_ address: String) throws -> AddCustomServerResult {
        let validation = AddressValidator.validate(address, environment: environment)
        let state = getState()
        guard validation.isValid,
              let server = ServerCatalog.customServer(address: validation.normalizedAddress,
                                                      connectionTimeoutSeconds: state.connectionTimeout)
        else {
            return AddCustomServerResult(validation: validation, outcome: .invalid)
        }
        if let existing = state.availableServers.first(where: { $0.baseUrl == server.baseUrl }) {
            return AddCustomServerResult(validation: validation, outcome: .duplicate(existing: existing))
        }
        var alreadyInFile = false
        let saved = try writeSettings { settings in
            alreadyInFile = settings.customServers.contains { resolver.address($0, denotes: server) }
            if !alreadyInFile { settings.customServers.append(server.baseUrl) }
        }
        applyWrittenSettings(saved)
        // The catalog may have given it another id (two addresses with the same SPEC id).
        let added = getState().availableServers.first { $0.baseUrl == server.baseUrl } ?? server
        return AddCustomServerResult(validation: validation,
                                     outcome: alreadyInFile ? .duplicate(existing: added) : .added(added))
    }

    /// Removes a custom server given by id or address; nil when no custom server matches.
    /// If it was configured, settings.json falls back to the default; if it was current,
    /// a switch to pn51 is requested.
    @discardableResult
    public func removeCustomServer(_ idOrAddress: String) throws -> ServerConfig? {
        let state = getState()
        guard let target = state.availableServers.first(where: {
            $0.isCustom && ($0.id == idOrAddress || resolver.address(idOrAddress, denotes: $0))
        }) else { return nil }
        let saved = try writeSettings { settings in
            settings.customServers.removeAll { resolver.address($0, denotes: target) }
            if let selected = settings.selectedAddress, resolver.address(selected, denotes: target) {
                if settings.backendServerAddress == NativeSettings.customSentinel { settings.customServerAddress = nil }
                settings.backendServerAddress = nil
            }
        }
        let resolution = applyWrittenSettings(saved)
        configuredServer = resolution.configuredServer
        configuredSource = resolution.source
        if state.currentServer.id == target.id {
            requestServer(resolution.configuredServer, source: resolution.source)
        }
        return target
    }

    /// Seconds, 5...60; anything else is refused and nothing is written.
    public func setConnectionTimeout(_ seconds: Int) throws {
        guard NativeSettings.connectionTimeoutRange.contains(seconds) else {
            throw SettingsActionError.valueOutOfRange(setting: NativeSettings.CodingKeys.connectionTimeout.rawValue,
                                                      value: seconds, range: NativeSettings.connectionTimeoutRange)
        }
        applyWrittenSettings(try writeSettings { $0.connectionTimeout = seconds })
    }

    /// Seconds between probes of a connected server, 2...3600; anything else is refused.
    public func setProbeInterval(_ seconds: Int) throws {
        guard NativeSettings.probeIntervalRange.contains(seconds) else {
            throw SettingsActionError.valueOutOfRange(setting: NativeSettings.CodingKeys.probeInterval.rawValue,
                                                      value: seconds, range: NativeSettings.probeIntervalRange)
        }
        applyWrittenSettings(try writeSettings { $0.probeInterval = seconds })
    }

    public func setAutoSwitchOnFailure(_ enabled: Bool) throws {
        applyWrittenSettings(try writeSettings { $0.autoSwitchOnFailure = enabled })
    }

    public func setDetailedLogging(_ enabled: Bool) throws {
        applyWrittenSettings(try writeSettings { $0.enableDetailedLogging = enabled })
    }

    /// nil or an empty path removes the setting (the system store is used).
    public func setCABundle(_ path: String?) throws {
        let trimmed = path?.trimmingCharacters(in: .whitespacesAndNewlines)
        let value = (trimmed?.isEmpty ?? true) ? nil : trimmed
        applyWrittenSettings(try writeSettings { $0.caBundle = value })
    }

    /// settings.json back to its defaults, keeping `custom_servers`; preferences back to
    /// defaults; language and history kept. Requests pn51 when another server is current.
    public func resetToDefaults() throws {
        let saved = try writeSettings { settings in
            let customServers = settings.customServers
            settings = .defaults
            settings.customServers = customServers
        }
        let resolution = applyWrittenSettings(saved)
        store.setState { $0.preferences = .defaults }
        configuredServer = resolution.configuredServer
        configuredSource = resolution.source
        requestServer(resolution.configuredServer, source: resolution.source)
    }

    public func clearError() {
        store.setState { $0.lastError = nil }
    }

    // MARK: Switching

    /// Hands a server change to the connectivity layer, or adopts it when there is none.
    /// The hook gets every request, also for the server already current (so it can cancel a
    /// switch in progress or just take the new source); without a hook, choosing the current
    /// server only updates its config and source.
    private func requestServer(_ target: ServerConfig, source: ServerSource) {
        if let hook = onServerChangeRequested {
            hook(target, source)
        } else if target.id == getState().currentServer.id {
            store.setState {
                $0.currentServer = target
                $0.serverSource = source
            }
        } else {
            adoptServer(target, source: source)
        }
    }

    /// Makes `target` current without any test: what happens when no connectivity layer is
    /// attached (the command line). Nothing is recorded in the history.
    public func adoptServer(_ target: ServerConfig, source: ServerSource) {
        store.setState {
            $0.currentServer = target
            $0.serverSource = source
            $0.connectionStatus = .disconnected
            $0.detailedStatus = nil
        }
    }

    // MARK: Internals

    private func hydrate(_ mutate: (inout SettingsState) -> Void) {
        isHydrating = true
        defer { isHydrating = false }
        store.setState(mutate)
    }

    /// Hydration: the configured server becomes current as is.
    private func adoptConfiguration(_ settings: NativeSettings, _ resolution: NativeSettingsResolver.Resolution,
                                    into state: inout SettingsState) {
        applyPaneValues(settings, resolution, into: &state)
        state.currentServer = resolution.configuredServer
        state.serverSource = resolution.source
        configuredServer = resolution.configuredServer
        configuredSource = resolution.source
    }

    /// Pane values and the server list follow the file; the current server keeps its identity
    /// but takes its fresh config (e.g. a new timeout).
    private func applyPaneValues(_ settings: NativeSettings, _ resolution: NativeSettingsResolver.Resolution,
                                 into state: inout SettingsState) {
        state.availableServers = resolution.availableServers
        state.connectionTimeout = settings.connectionTimeout
        state.autoSwitchOnFailure = settings.autoSwitchOnFailure
        state.detailedLogging = settings.enableDetailedLogging
        state.caBundle = settings.caBundle
        state.probeInterval = settings.probeInterval
        let currentId = state.currentServer.id
        if let fresh = resolution.availableServers.first(where: { $0.id == currentId }) {
            state.currentServer = fresh
        }
    }

    @discardableResult
    private func applyWrittenSettings(_ settings: NativeSettings) -> NativeSettingsResolver.Resolution {
        let resolution = resolver.resolve(settings)
        store.setState { self.applyPaneValues(settings, resolution, into: &$0) }
        return resolution
    }

    /// A locked read-modify-write of settings.json. A value the file may not hold is refused
    /// (file untouched); a failure to write becomes `lastError`; both are thrown.
    private func writeSettings(_ body: (inout NativeSettings) throws -> Void) throws -> NativeSettings {
        do {
            return try nativeSettingsFile.update(body)
        } catch let PersistenceError.invalidValue(field, value) {
            throw SettingsActionError.valueRefused(setting: field, value: value)
        } catch {
            let failure = SettingsActionError.writeFailed(file: Self.fileName(nativeSettingsFile.path),
                                                          reason: String(describing: error))
            store.setState { $0.lastError = failure.appError }
            throw failure
        }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func persistAppState() {
        let state = getState()
        appStateWriter?.enqueue(PersistedAppState(
            currentLanguage: chosenLanguage, serverSource: state.serverSource,
            lastKnownServerId: state.currentServer.id, serverHistory: state.serverHistory,
            preferences: state.preferences))
    }

    private func reportAppStateWriteFailure(_ reason: String) {
        let failure = SettingsActionError.writeFailed(file: Self.fileName(appStateFile.path), reason: reason)
        store.setState { $0.lastError = failure.appError }
    }

    /// Problems of settings.json are replaced by each new read of it; those of app-state.json
    /// stay until the next `loadSettings`.
    private func setFileProblems(settings: [FileProblem], appState: [FileProblem]? = nil) {
        settingsProblems = settings
        if let appState { appStateProblems = appState }
        session.setState { $0.fileProblems = settingsProblems + appStateProblems }
    }
}

/// What app-state.json holds of the state; any change to it is persisted.
private struct PersistedSlice: Equatable {
    var source: ServerSource
    var serverId: String
    var history: [ServerHistoryEntry]
    var preferences: Preferences

    init(_ state: SettingsState) {
        source = state.serverSource
        serverId = state.currentServer.id
        history = state.serverHistory
        preferences = state.preferences
    }
}

private extension FileProblem {
    var appError: AppError { AppError(key: key, parameters: parameters) }
}
