import Localization
import Testing
@testable import SettingsStore

/// The reducer's stories of hand edits, file problems, language, sign-in and notices.
@Suite("Reducer: files, language, sign-in, notices")
struct FilesAndSessionTests {
    @Test func aHandEditSwitchesAndIsOnTheTimeline() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let macMini = world.server("mac-mini")
        let now = world.now
        try world.handEdit(#"{"backend_server_address": "https://verbumcaremac-mini/api"}"#) {
            // As a choice in the pane, and the edit is on the timeline.
            ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: now)(&$0)
            $0.settings.timeline.insert(TimelineEntry(at: now, kind: .settingsEdited, serverId: macMini.id), at: 0)
        }
        world.settle(ReducerWorld.switched(to: macMini, at: world.now))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.timeline.contains { $0.kind == .settingsEdited && $0.serverId == "mac-mini" })
    }

    @Test func aHandEditWithThreeBadFieldsNamesEachAndANewValidFileClearsThemAtOnce() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let refused = [ReducerWorld.refusedField("connection_timeout", value: "99", fallback: "10", at: world.now),
                       ReducerWorld.refusedField("probe_interval", value: "-4", fallback: "10", at: world.now),
                       ReducerWorld.refusedField("auto_switch_on_failure", value: "yes", fallback: "true", at: world.now)]
        try world.handEdit(#"{"connection_timeout": 99, "auto_switch_on_failure": "yes", "probe_interval": -4}"#) {
            $0.settings.settingsFileProblems = refused.map(\.0)
            $0.settings.notices = refused.map(\.1)
        }
        let fileNotices = world.state.notices.filter {
            if case .file("settings.json", _) = $0.subject { true } else { false }
        }
        let fields = Set(fileNotices.compactMap { $0.message.parameters["field"] })
        #expect(fields == ["connection_timeout", "auto_switch_on_failure", "probe_interval"])
        for notice in fileNotices {
            #expect(notice.message.parameters["value"] != nil, "the rejected value is named")
        }
        try world.handEdit(#"{"connection_timeout": 20}"#) {
            // 20 s for every server, in milliseconds on each; the problems and their notices go.
            $0.settings.connectionTimeout = 20
            $0.settings.currentServer.connectionTimeout = 20_000
            $0.settings.configuredServer.connectionTimeout = 20_000
            for index in $0.settings.availableServers.indices { $0.settings.availableServers[index].connectionTimeout = 20_000 }
            $0.settings.settingsFileProblems = []
            $0.settings.notices = []
        }
        #expect(world.state.notices.isEmpty, "a valid file takes its problems' notices away in the same step")
        #expect(world.state.connectionTimeout == 20)
    }

    @Test func aHandEditOfTheTLSSettingsReachesTheRunnerAndEveryChangeIsSaved() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let (macMini, now) = (world.server("mac-mini"), world.now)
        try world.handEdit(#"{"ca_bundle": "/etc/ssl/ward3.pem", "cert_warning_days": 30}"#) {
            $0.settings.caBundle = "/etc/ssl/ward3.pem"
            $0.settings.certWarningDays = 30
        }
        #expect(world.transport?.caBundle == "/etc/ssl/ward3.pem" && world.transport?.certWarningDays == 30,
                "\(String(describing: world.transport))")
        try world.handEdit(#"{"backend_server_address": "https://verbumcaremac-mini/api"}"#) {
            // A file without the TLS fields puts their defaults back; the edit switches.
            $0.settings.caBundle = nil
            $0.settings.certWarningDays = ReducerWorld.loadedCertWarningDays
            ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: now)(&$0)
            $0.settings.timeline.insert(TimelineEntry(at: now, kind: .settingsEdited, serverId: macMini.id), at: 0)
        }
        world.settle(ReducerWorld.switched(to: macMini, at: now))
        #expect(world.transport?.caBundle == nil, "\(String(describing: world.transport))")
        let saved = world.appStateFile.load().state
        #expect(saved.lastKnownServerId == "mac-mini" && saved == PersistedAppState(world.state), "\(saved)")
        world.store.finish()
    }

    @Test func aReReadOfTheSameProblemKeepsItsDismissal() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        // 99 s is refused: the default of 10 s stays, and a warning names the field and the value.
        let (problem, notice) = ReducerWorld.refusedField("connection_timeout", value: "99", fallback: "10", at: world.now)
        try world.handEdit(#"{"connection_timeout": 99}"#) {
            $0.settings.settingsFileProblems = [problem]
            $0.settings.notices = [notice]
        }
        #expect(world.state.notices.count == 1)
        world.send(.noticeDismissed(nil)) {
            $0.settings.notices = []
            $0.settings.connectivity.dismissed = [DismissedNotice(subject: notice.subject, key: problem.key)]
        }
        #expect(world.state.notices.isEmpty)
        try world.handEdit(#"{"connection_timeout": 99, "enable_detailed_logging": true}"#) { $0.settings.detailedLogging = true }
        #expect(world.state.notices.isEmpty, "the same problem, already dismissed, is not told again")
    }

    @Test func choosingALanguageSavesItAndEndsTheOverride() throws {
        var world = try ReducerWorld(language: .ja, claimsState: true)
        var state = world.state
        state.languageOverride = .en
        let effects = SettingsReducer.reduce(&state, .languageChosen(.zhHant))
        #expect(state.currentLanguage == .zhHant && state.languageOverride == nil && state.savedLanguage == .zhHant)
        #expect(effects.contains(.persistAppState(PersistedAppState(state))))
        world.settleStart()
    }

    @Test func loadingWritesNothing() throws {
        var state = try ReducerWorld(active: false, claimsState: true).state
        let effects = SettingsReducer.reduce(&state, .loaded(settings: NativeSettingsFile.LoadResult(
            settings: .defaults, problems: [], movedAsideTo: nil, existed: false),
            appState: AppStateFile.LoadResult(state: PersistedAppState(currentLanguage: .en), problems: []),
            detectedLanguage: .ja))
        #expect(effects.isEmpty)
        #expect(state.currentLanguage == .en)
    }

    @Test func aRefusedTokenAfterASwitchAsksForSignInAndIOpensTheDialogAnyTime() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        world.tokens = ["mac-mini"]
        world.health["mac-mini"] = .refusesToken
        let (macMini, now) = (world.server("mac-mini"), world.now)
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api")),
                   ReducerWorld.switchRequested(to: macMini, previousSelection: SettingsSelection(address: nil), at: now))
        world.settle(ReducerWorld.switchedIntoEndedSession(macMini, at: now))
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.loginRequest?.serverId == "mac-mini")
        world.send(.signInDismissed, ReducerWorld.signInCloses)
        #expect(world.state.loginRequest == nil)
        world.send(.signInRequested(serverId: "mac-mini", at: now), ReducerWorld.signInOpens("mac-mini"))
        #expect(world.state.loginRequest?.serverId == "mac-mini")
        let password = SecretText("secret")
        world.send(.signInSubmitted(username: "demo", password: password)) { $0.settings.loginRequest?.isSubmitting = true }
        #expect(world.state.loginRequest?.isSubmitting == true)
        world.settle(ReducerWorld.signedIn(macMini, as: "demo", health: .refusesToken, at: now))
        #expect(world.state.loginRequest == nil)
        #expect(password.reveal().isEmpty, "the password is wiped once used")
        #expect(world.state.timeline.contains { $0.kind == .signedIn })
        // The probe after the sign-in still meets the stored token refused: the runner is asked
        // to verify it, and again at each probe that meets it.
        #expect(world.verified == ["mac-mini"], "\(world.verified)")
        world.fireNextTimer(ReducerWorld.probeAnswered(macMini, health: .refusesToken, at: now + Double(world.state.probeInterval)))
        #expect(world.verified == ["mac-mini", "mac-mini"], "\(world.verified)")
    }

    @Test func aSignInForAnotherServerIsNotOpened() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        world.send(.signInRequested(serverId: "mac-mini", at: world.now))
        #expect(world.state.loginRequest == nil)
    }

    @Test func openingThePaneTestsEveryServerAtOnce() throws {
        var world = try ReducerWorld(claimsState: true)
        world.settleStart()
        let servers = world.state.availableServers
        world.send(.paneOpened(at: world.now), ReducerWorld.paneOpened(testing: servers))
        #expect(world.app.screen.isSettingsPaneOpen)
        let rows = world.pending.filter { if case .testRow = $0 { true } else { false } }
        #expect(rows.count == world.state.availableServers.count)
        #expect(world.state.serverStatuses.values.allSatisfy { $0.status == .testing })
        world.health["mac-mini-tailscale"] = .down
        let now = world.now
        let health = world.health
        world.settle {
            for server in servers {
                $0.settings.serverStatuses[server.id] = ServerProbeSummary(ReducerWorld.status(server, health: health[server.id] ?? .up, at: now))
            }
            $0.settings.connectivity.rowTests = [:]
        }
        #expect(world.state.serverStatuses["mac-mini"]?.status == .connected)
        #expect(world.state.serverStatuses["mac-mini-tailscale"]?.status == .error)
    }

    @Test func theCommandLineAdoptsAChosenServerWithoutTesting() throws {
        var world = try ReducerWorld(active: false, claimsState: true)
        let macMini = world.server("mac-mini")
        world.send(.settingsChangeRequested(.select(address: "https://verbumcaremac-mini/api"))) {
            // Adopted as it is, in settings.json and on the screen: no switch, no test.
            $0.settings.currentServer = macMini
            $0.settings.configuredServer = macMini
            $0.settings.serverSource = .nativeSettings
            $0.settings.configuredSource = .nativeSettings
        }
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.connectionStatus == .disconnected)
        #expect(world.pending.isEmpty, "nothing is tested without the app's runner")
    }

    @Test func aDismissedFallbackNoticeStaysAwayUntilTheSituationChanges() throws {
        var world = try ReducerWorld(settingsJSON: #"{"backend_server_address": "https://verbumcaremac-mini/api"}"#, active: false, claimsState: true)
        world.health["mac-mini"] = .down
        let (macMini, pn51, start) = (world.server("mac-mini"), world.server("pn51"), world.now)
        world.send(.connectivityStarted(at: start), ReducerWorld.startsTesting(at: start))
        world.settle(ReducerWorld.fellBackAtStart(from: macMini, failing: .down, to: pn51, at: start))
        world.send(.noticeDismissed(nil)) {
            $0.settings.notices = []
            $0.settings.connectivity.dismissed = [DismissedNotice(subject: .server("mac-mini"), key: "notice.fallback")]
        }
        #expect(world.state.notices.isEmpty)
        // Mac Mini's background probe, 2 s on, fails again.
        let again = start + ProbeSchedule.backoffDelay(errorStreak: 1)
        world.fireNextTimer(ReducerWorld.backgroundProbeFailed(macMini, health: .down, at: again))
        #expect(world.state.notices.isEmpty, "still dismissed")
        world.health["mac-mini"] = .up
        let recovered = again + ProbeSchedule.backoffDelay(errorStreak: 2)
        world.fireTimers(until: { $0.settings.fallback?.configuredRecovered == true }) {
            ReducerWorld.configuredRecovered(macMini, since: start, at: recovered)(&$0)
        }
        #expect(world.state.notices.map(\.message.key) == ["notice.switch_back_offer"], "news is told")
    }
}
