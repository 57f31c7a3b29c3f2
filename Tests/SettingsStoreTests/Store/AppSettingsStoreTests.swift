import Foundation
import TestSupport
import Localization
import PropertyBased
import Testing
@testable import SettingsStore

private let pn51URL = "https://verbumcare-lab.local/api"
private let macMiniURL = "https://verbumcaremac-mini/api"

@MainActor
@Suite("AppSettingsStore")
struct AppSettingsStoreTests {
    // MARK: Language

    @Test func languageChangeAppliesSynchronouslyAndPersists() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore(language: nil, environment: ["LANG": "ja_JP.UTF-8"])
        var seen: [AppLanguage] = []
        let handle = store.subscribe({ $0.currentLanguage }) { new, _ in seen.append(new) }
        let target: AppLanguage = store.getState().currentLanguage == .en ? .zhHant : .en
        store.setLanguage(target)
        #expect(store.getState().currentLanguage == target)
        #expect(seen == [target])
        try store.flushPersistence()
        handle.cancel()

        let reloaded = home.loadedStore(environment: ["LANG": "ja_JP.UTF-8"])
        #expect(reloaded.getState().currentLanguage == target)
        #expect(home.appStateFile.load().state.currentLanguage == target)
    }

    /// The app: a version that a save rewrites keeps a copy, and an info notice names it (the
    /// writer's outcome reaches the state through the store's inbox, which the app's runner
    /// hands on).
    @Test func aRewrittenAppStateVersionIsToldWithItsCopy() async throws {
        let home = try StoreTestHome()
        try FileManager.default.createDirectory(atPath: home.paths.stateDirectory, withIntermediateDirectories: true)
        try TestFile.write(Data(#"{"currentLanguage": "en"}"#.utf8), to: home.paths.appStateFile)
        let store = home.loadedStore()
        _ = EffectRecorder(store) { _ in }
        store.setLanguage(.ja)
        let kept = try store.flushPersistence()
        let copy = try #require(kept.first?.parameters["path"])
        await Eventually.holds(within: .seconds(30), every: .milliseconds(1)) {
            store.getState().notices.contains { $0.message.key == "files.kept_copy" }
        }
        let notice = try #require(store.getState().notices.first { $0.message.key == "files.kept_copy" })
        #expect(notice.kind == .info)
        #expect(notice.message.parameters == ["file": "app-state.json", "path": copy])
    }

    @Test func savedLanguageBeatsTheEnvironment() throws {
        let home = try StoreTestHome()
        let environment = ["LANG": "en_US.UTF-8"]
        let detected = LanguageDetector.detect(environment: environment)
        #expect(home.loadedStore(environment: environment).getState().currentLanguage == detected)

        let saved = AppLanguage.allCases.first { $0 != detected } ?? .zhHant
        try home.appStateFile.save(PersistedAppState(currentLanguage: saved))
        #expect(home.loadedStore(environment: environment).getState().currentLanguage == saved)
    }

    @Test func languageOverrideWinsButIsNotPersistedByLoadingOrOtherWrites() throws {
        let home = try StoreTestHome()
        try home.appStateFile.save(PersistedAppState(currentLanguage: .zhHant))
        let store = home.loadedStore(language: .en)
        #expect(store.getState().currentLanguage == .en)
        // Another change rewrites app-state.json: it must keep the saved language.
        store.updatePreferences { $0.sparklineLength = 12 }
        try store.flushPersistence()
        #expect(home.appStateFile.load().state.preferences.sparklineLength == 12)
        #expect(home.appStateFile.load().state.currentLanguage == .zhHant)
        #expect(home.loadedStore().getState().currentLanguage == .zhHant)
    }

    @Test func anExplicitChoiceDuringAnOverrideRunIsPersisted() throws {
        let home = try StoreTestHome()
        try home.appStateFile.save(PersistedAppState(currentLanguage: .zhHant))
        let store = home.loadedStore(language: .en)
        store.setLanguage(.ja)
        #expect(store.getState().languageOverride == nil)
        try store.flushPersistence()
        #expect(home.loadedStore().getState().currentLanguage == .ja)
    }

    @Test func aDetectedLanguageIsNotWritten() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore(environment: ["LANG": "en_US.UTF-8"])
        store.updatePreferences { $0.sparklineLength = 12 }
        try store.flushPersistence()
        let saved = home.appStateFile.load().state
        #expect(saved.currentLanguage == nil)
        #expect(saved.preferences.sparklineLength == 12)
    }

    // MARK: Loading

    @Test func missingFilesGivePn51AsDefault() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        let state = store.getState()
        #expect(state.currentServer.id == ServerCatalog.defaultServerId)
        #expect(state.serverSource == .default)
        #expect(state.lastError == nil)
        #expect(state.availableServers.map(\.id) == ServerCatalog.prefilled.map(\.id))
        #expect(store.getState().fileProblems.isEmpty)
        // Loading writes nothing.
        #expect(!FileManager.default.fileExists(atPath: home.paths.settingsFile))
        #expect(!FileManager.default.fileExists(atPath: home.paths.appStateFile))
    }

    @Test func corruptSettingsGivePn51AndAreKeptAside() throws {
        let home = try StoreTestHome()
        try home.writeSettings("{ this is not json")
        let store = home.loadedStore()
        let state = store.getState()
        #expect(state.currentServer.id == ServerCatalog.defaultServerId)
        #expect(state.serverSource == .default)
        #expect(state.lastError != nil)
        #expect(!store.getState().fileProblems.isEmpty)
        #expect(home.configFiles().contains { $0.hasPrefix("settings.json.corrupt-") })
    }

    @Test func corruptAppStateGivesDefaultsAndAProblem() throws {
        let home = try StoreTestHome()
        try FileManager.default.createDirectory(atPath: home.paths.stateDirectory, withIntermediateDirectories: true)
        try TestFile.write(Data([0xFF, 0x00, 0x7B]), to: home.paths.appStateFile)
        let store = home.loadedStore()
        #expect(store.getState().preferences == .defaults)
        #expect(store.getState().serverHistory.isEmpty)
        #expect(!store.getState().fileProblems.isEmpty)
        #expect(store.getState().lastError != nil)
    }

    @Test func invalidConfiguredAddressGivesPn51WithUnknownServer() throws {
        let home = try StoreTestHome()
        try home.writeSettings(#"{"backend_server_address": "http://127.0.0.1/api"}"#)
        let state = home.loadedStore().getState()
        #expect(state.currentServer.id == ServerCatalog.defaultServerId)
        #expect(state.serverSource == .default)
        #expect(state.lastError?.key == "files.unknown_server")
    }

    @Test func configuredPrefilledServerIsCurrentFromNativeSettings() throws {
        let home = try StoreTestHome()
        try home.writeSettings(#"{"backend_server_address": "\#(macMiniURL)", "connection_timeout": 20}"#)
        let state = home.loadedStore().getState()
        #expect(state.currentServer.id == "mac-mini")
        #expect(state.serverSource == .nativeSettings)
        #expect(state.connectionTimeout == 20)
        #expect(state.currentServer.connectionTimeout == 20_000)
        #expect(state.lastError == nil)
    }

    @Test func customSentinelUsesTheCustomAddress() throws {
        let home = try StoreTestHome()
        try home.writeSettings(#"{"backend_server_address": "__CUSTOM__", "custom_server_address": "https://Ward3.Example.org/api/"}"#)
        let store = home.loadedStore()
        let state = store.getState()
        #expect(state.currentServer.isCustom)
        #expect(state.currentServer.baseUrl == "https://ward3.example.org/api")
        #expect(state.serverSource == .nativeSettings)
        #expect(state.availableServers.contains { $0.id == state.currentServer.id })
        #expect(store.getState().configuredServer.id == state.currentServer.id)
    }

    @Test func everyFileProblemIsKeptAndTheFirstIsLastError() throws {
        let home = try StoreTestHome()
        try home.writeSettings(#"{"connection_timeout": 999, "auto_switch_on_failure": "maybe", "custom_servers": ["ftp://x/api"]}"#)
        let store = home.loadedStore()
        #expect(store.getState().fileProblems.count == 3)
        #expect(store.getState().lastError?.key == store.getState().fileProblems.first?.key)
        #expect(store.getState().lastError?.parameters == store.getState().fileProblems.first?.parameters)
        #expect(store.getState().connectionTimeout == NativeSettings.defaults.connectionTimeout)
        // A later clean re-read clears the settings problems.
        try home.writeSettings("{}")
        store.refreshServerConfig()
        #expect(store.getState().fileProblems.isEmpty)
    }

    @Test func loadServerFromNativeSettingsAdoptsWithoutTestingOnTheCommandLine() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        var effects: [AppEffect] = []
        _ = EffectRecorder(store) { effects += $0 }
        try home.writeSettings(#"{"backend_server_address": "\#(macMiniURL)"}"#)
        let server = store.loadServerFromNativeSettings()
        #expect(server.id == "mac-mini")
        #expect(store.getState().currentServer.id == "mac-mini")
        #expect(store.getState().serverSource == .nativeSettings)
        #expect(effects.isEmpty, "nothing is tested without connectivity")
    }

    // MARK: Servers

    @Test func selectServerWritesTheFileAndAdoptsWithoutAHook() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        try store.selectServer(id: "mac-mini")
        #expect(home.settingsFile.load().settings.backendServerAddress == macMiniURL)
        let state = store.getState()
        #expect(state.currentServer.id == "mac-mini")
        #expect(state.serverSource == .nativeSettings)
        #expect(state.connectionStatus == .disconnected)
        #expect(state.serverHistory.isEmpty)
    }

    @Test func withConnectivitySelectServerStartsASwitchAndLeavesTheServerUntilItEnds() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        var effects: [AppEffect] = []
        _ = EffectRecorder(store) { effects += $0 }
        store.dispatch(.connectivityStarted(at: store.clock.now()))
        try store.selectServer(id: "mac-mini-tailscale")
        let run = try #require(store.getState().connectivity.activeSwitch)
        #expect(run.target.id == "mac-mini-tailscale")
        #expect(run.source == .nativeSettings)
        #expect(effects.contains(.advanceSwitch(generation: run.generation, step: .validating)))
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
        #expect(store.getState().configuredServer.id == "mac-mini-tailscale")
    }

    /// SPEC §7's `testServerConnectivity(serverId)`: the server in use is probed as `r` probes
    /// it (its result drives the status); another server is tested for its pane row only.
    @Test func testServerConnectivityProbesTheServerInUseAndTestsAnyOtherForItsRow() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        var effects: [AppEffect] = []
        _ = EffectRecorder(store) { effects += $0 }
        store.dispatch(.connectivityStarted(at: store.clock.now()))
        store.cancelSwitch() // the start's switch to the configured server; `r` waits for a switch
        effects.removeAll()
        store.testServerConnectivity(ServerCatalog.defaultServerId)
        let probed = effects.compactMap { if case .probe(let server, _) = $0 { server.id } else { nil } }
        #expect(probed == [ServerCatalog.defaultServerId])
        #expect(!effects.contains { if case .testRow = $0 { true } else { false } })

        effects.removeAll()
        store.testServerConnectivity("mac-mini")
        let rows = effects.compactMap { if case .testRow(let server, _) = $0 { server.id } else { nil } }
        #expect(rows == ["mac-mini"])
        #expect(!effects.contains { if case .probe = $0 { true } else { false } })
    }

    @Test func selectingAnUnknownServerIsRefused() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        #expect(throws: SettingsActionError.unknownServer("nope")) { try store.selectServer(id: "nope") }
        #expect(home.settingsText() == nil)
    }

    @Test func addCustomServerValidatesNormalizesAndRefusesDuplicates() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()

        let invalid = try store.addCustomServer("http://ward4.local/api")
        #expect(invalid.outcome == .invalid)
        #expect(!invalid.validation.isValid)
        #expect(home.settingsText() == nil)

        let added = try store.addCustomServer("  https://Ward3.Example.org//api/ ")
        guard case let .added(server) = added.outcome else {
            Issue.record("expected added, got \(added.outcome)")
            return
        }
        #expect(server.baseUrl == "https://ward3.example.org/api")
        #expect(server.isCustom)
        #expect(home.settingsFile.load().settings.customServers == ["https://ward3.example.org/api"])
        #expect(store.getState().availableServers.last?.id == server.id)

        let again = try store.addCustomServer("https://ward3.example.org/api")
        #expect(again.outcome == .duplicate(existing: server))
        let prefilled = try store.addCustomServer(pn51URL)
        #expect(prefilled.server?.id == ServerCatalog.defaultServerId)
        #expect(home.settingsFile.load().settings.customServers == ["https://ward3.example.org/api"])
    }

    @Test func addCustomServerKeepsAnotherWritersAdditions() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        // Another copy of the app adds a server after this one loaded.
        try home.settingsFile.update { $0.customServers.append("https://other.example.org/api") }
        _ = try store.addCustomServer("https://ward3.example.org/api")
        #expect(Set(home.settingsFile.load().settings.customServers)
            == ["https://other.example.org/api", "https://ward3.example.org/api"])
        #expect(store.getState().availableServers.contains { $0.baseUrl == "https://other.example.org/api" })
    }

    @Test func removingTheCurrentCustomServerSwitchesToPn51() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        let server = try #require(try store.addCustomServer("https://ward3.example.org/api").server)
        try store.selectServer(id: server.id)
        #expect(store.getState().currentServer.id == server.id)

        let removed = try store.removeCustomServer(server.id)
        #expect(removed?.id == server.id)
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
        #expect(store.getState().serverSource == .default)
        let settings = home.settingsFile.load().settings
        #expect(settings.customServers.isEmpty)
        #expect(settings.backendServerAddress == nil)
        #expect(!store.getState().availableServers.contains { $0.id == server.id })
    }

    @Test func removingTheConfiguredCustomAddressClearsTheSentinel() throws {
        let home = try StoreTestHome()
        try home.writeSettings(#"{"backend_server_address": "__CUSTOM__", "custom_server_address": "https://ward3.example.org/api", "custom_servers": ["https://ward6.example.org/api"]}"#)
        let store = home.loadedStore()
        let current = store.getState().currentServer
        #expect(current.baseUrl == "https://ward3.example.org/api")
        #expect(try store.removeCustomServer(current.id)?.id == current.id)
        let settings = home.settingsFile.load().settings
        #expect(settings.backendServerAddress == nil)
        #expect(settings.customServerAddress == nil)
        #expect(settings.customServers == ["https://ward6.example.org/api"])
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
        #expect(store.getState().serverSource == .default)
    }

    @Test func removeCustomServerByAddressAndUnknownOnes() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        _ = try store.addCustomServer("https://ward3.example.org:8443/api")
        _ = try store.addCustomServer("https://ward5.example.org/api")
        #expect(try store.removeCustomServer("https://WARD3.example.org:8443/api/") != nil)
        #expect(try store.removeCustomServer("mac-mini") == nil)
        #expect(try store.removeCustomServer("custom-nothing-here") == nil)
        #expect(home.settingsFile.load().settings.customServers == ["https://ward5.example.org/api"])
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
    }

    @Test func connectionTimeoutMustBeWithinFiveToSixty() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        for bad in [-1, 0, 4, 61, 600] {
            #expect(throws: SettingsActionError.self) { try store.setConnectionTimeout(bad) }
        }
        #expect(home.settingsText() == nil)
        #expect(store.getState().connectionTimeout == NativeSettings.defaults.connectionTimeout)
        for good in [5, 60, 17] {
            try store.setConnectionTimeout(good)
            #expect(store.getState().connectionTimeout == good)
            #expect(home.settingsFile.load().settings.connectionTimeout == good)
        }
        #expect(store.getState().currentServer.connectionTimeout == 17_000)
        #expect(store.getState().availableServers.allSatisfy { $0.connectionTimeout == 17_000 })
    }

    @Test func paneTogglesAndCABundleAreWritten() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        try store.setAutoSwitchOnFailure(false)
        try store.setDetailedLogging(true)
        try store.setCABundle("  /etc/verbumcare/ca.pem ")
        var settings = home.settingsFile.load().settings
        #expect(settings.autoSwitchOnFailure == false)
        #expect(settings.enableDetailedLogging == true)
        #expect(settings.caBundle == "/etc/verbumcare/ca.pem")
        let state = store.getState()
        #expect(state.autoSwitchOnFailure == false && state.detailedLogging && state.caBundle == "/etc/verbumcare/ca.pem")
        try store.setCABundle("")
        settings = home.settingsFile.load().settings
        #expect(settings.caBundle == nil)
        #expect(store.getState().caBundle == nil)
    }

    @Test func resetToDefaultsKeepsCustomServers() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        let server = try #require(try store.addCustomServer("https://ward3.example.org/api").server)
        try store.selectServer(id: server.id)
        try store.setConnectionTimeout(30)
        store.updatePreferences { $0.showCheckDetails = false }
        try store.resetToDefaults()
        let settings = home.settingsFile.load().settings
        #expect(settings.customServers == [server.baseUrl])
        #expect(settings.backendServerAddress == nil)
        #expect(settings.connectionTimeout == NativeSettings.defaults.connectionTimeout)
        let state = store.getState()
        #expect(state.currentServer.id == ServerCatalog.defaultServerId)
        #expect(state.serverSource == .default)
        #expect(state.preferences == .defaults)
        #expect(state.availableServers.contains { $0.id == server.id })
    }

    @Test func refreshServerConfigRequestsASwitchOnlyWhenTheConfigurationChanged() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        var effects: [AppEffect] = []
        _ = EffectRecorder(store) { effects += $0 }
        store.dispatch(.connectivityStarted(at: store.clock.now()))
        let switches = { effects.filter { if case .advanceSwitch(_, .validating) = $0 { true } else { false } }.count }
        try home.writeSettings(#"{"backend_server_address": "\#(macMiniURL)", "probe_interval": 30}"#)
        store.refreshServerConfig()
        #expect(switches() == 2, "the start, then Mac Mini")
        #expect(store.getState().connectivity.activeSwitch?.target.id == "mac-mini")
        #expect(store.getState().probeInterval == 30)
        // An unrelated edit must not ask again.
        try home.writeSettings(#"{"backend_server_address": "\#(macMiniURL)", "probe_interval": 40}"#)
        store.refreshServerConfig()
        #expect(switches() == 2)
        #expect(store.getState().probeInterval == 40)
    }

    @Test func closingThePaneRefreshes() throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        store.openNativeSettings()
        #expect(store.getAppState().screen.isSettingsPaneOpen)
        try home.writeSettings(#"{"backend_server_address": "\#(macMiniURL)"}"#)
        store.closeNativeSettings()
        #expect(!store.getAppState().screen.isSettingsPaneOpen)
        #expect(store.getState().currentServer.id == "mac-mini")
    }

    // MARK: Errors

    @Test func aRefusedWriteSaysWhyAndIsThrown() throws {
        let home = try StoreTestHome()
        // A directory where the file should be: it is never replaced, and the person is told why.
        try FileManager.default.createDirectory(atPath: home.paths.settingsFile, withIntermediateDirectories: true)
        let store = home.loadedStore()
        store.clearError()
        #expect(store.getState().lastError == nil)
        #expect(throws: SettingsActionError.self) { try store.selectServer(id: "mac-mini") }
        #expect(store.getState().lastError?.key == "files.not_regular")
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
        store.clearError()
        #expect(store.getState().lastError == nil)
    }

    @Test func aFailedAppStateWriteSurfacesAtFlush() throws {
        let home = try StoreTestHome()
        try FileManager.default.createDirectory(atPath: home.paths.appStateFile, withIntermediateDirectories: true)
        let store = home.loadedStore()
        store.clearError()
        store.setLanguage(.en)
        #expect(store.getState().currentLanguage == .en)
        #expect(throws: SettingsActionError.self) { try store.flushPersistence() }
        #expect(store.getState().lastError?.key == "files.not_regular", "it says why")
    }

    // MARK: History

    @Test func historyFollowsItsRulesAndIsPersisted() async throws {
        let home = try StoreTestHome()
        let store = home.loadedStore()
        let servers = ["pn51", "mac-mini", "mac-mini-tailscale"]
        let records = zip(Gen.int(in: 0...2), Gen.int(in: 0...1000), Gen.bool).array(of: 1...25)
        await propertyCheck(input: records) { records in
            var history: [ServerHistoryEntry] = []
            for (server, time, ok) in records {
                history = ServerHistory.recording(ServerHistoryEntry(serverId: servers[server], lastUsed: Double(time),
                                                                     successful: ok, durationMs: 5), into: history)
            }
            #expect(history.count <= ServerHistoryEntry.limit)
            #expect(Set(history.map(\.serverId)).count == history.count)
            #expect(zip(history, history.dropFirst()).allSatisfy { $0.lastUsed >= $1.lastUsed })
            #expect(Set(history.map(\.serverId)) == Set(records.map { servers[$0.0] }))
        }
        // The start's test is not a switch: nothing is listed. A switch records its entry, and
        // app-state.json keeps it.
        store.dispatch(.connectivityStarted(at: 100))
        try completeSwitch(store, testedAt: 101, endedAt: 102)
        #expect(store.getState().connectionStatus == .connected)
        #expect(store.getState().serverHistory.isEmpty, "start is not a switch")
        store.dispatch(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")))
        try completeSwitch(store, testedAt: 201, endedAt: 203)
        #expect(store.getState().currentServer.id == "mac-mini")
        #expect(store.getState().serverHistory.map(\.serverId) == ["mac-mini"])
        #expect(store.getState().serverHistory.first?.successful == true)
        try store.flushPersistence()
        #expect(home.appStateFile.load().state.serverHistory == store.getState().serverHistory)
    }

    /// Runs the switch under way to its end: its test answers at `testedAt`, its steps end at `endedAt`.
    private func completeSwitch(_ store: AppSettingsStore, testedAt: Double, endedAt: Double) throws {
        let run = try #require(store.getState().connectivity.activeSwitch)
        store.dispatch(.switchStepCompleted(generation: run.generation, step: .validating, at: testedAt))
        let check = CheckResult(endpoint: .health, url: run.target.baseUrl, status: .success, httpStatus: 200,
                                timings: CheckTimings(totalMs: 3), error: nil)
        store.dispatch(.switchTestCompleted(generation: run.generation,
                                            result: DetailedStatus(serverId: run.target.id, checks: [check],
                                                                   responseTime: 3, lastChecked: testedAt),
                                            hadToken: false, at: testedAt))
        for step in [SwitchStep.savingServerData, .clearingServerData, .restoringServerData, .signingIn] {
            store.dispatch(.switchStepCompleted(generation: run.generation, step: step, at: endedAt))
        }
    }
}
