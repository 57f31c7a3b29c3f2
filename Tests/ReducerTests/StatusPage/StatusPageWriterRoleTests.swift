import Testing
@testable import SettingsStore

/// Who writes the status page after a round (SPEC §16): the recorder, app or monitor, when
/// `status_page_dir` is set; a monitor given `--status-page DIR` whether or not it records (the
/// folder it was given wins over the setting); nobody else, and nobody without a folder.
@Suite("Status page: who writes it, where")
struct StatusPageWriterRoleTests {
    static let now: Double = 1_800_000_000

    /// One round through the reducer; the folders the round's `writeStatusPage` effects name.
    func folders(role: WatchState.Role, recording: Bool, setting: String?, given: String?) throws -> [String] {
        var settings = try ReducerWorld(active: false).state
        settings.watchSettings.statusPageDir = setting
        var watch = WatchState(role: role)
        _ = WatchReducer.reduce(&watch, .watchStarted(role: role, isRecording: recording, recorder: nil, inherited: [],
                                                      at: Self.now), settings: settings)
        if let given { _ = WatchReducer.reduce(&watch, .statusPageDirectoryGiven(given), settings: settings) }
        var effects = WatchReducer.reduce(&watch, .roundTimerFired(round: watch.round, at: Self.now), settings: settings)
        if effects.contains(where: { if case .testServers = $0 { true } else { false } }) {
            let results = WatchReducer.roundServers(settings).map { ReducerWorld.status($0, health: .up, at: Self.now) }
            effects = WatchReducer.reduce(&watch, .serversTested(round: watch.round, results: results, confirming: false,
                                                                 at: Self.now), settings: settings)
        }
        return effects.compactMap {
            guard case let .writeStatusPage(model, directory, _) = $0 else { return nil }
            #expect(model.madeAt == Self.now && model.configured.condition == .up, "\(model)")
            return directory
        }
    }

    @Test("the recording app and the recording monitor write into status_page_dir; a process that does not record does not")
    func recorderWrites() throws {
        #expect(try folders(role: .app, recording: true, setting: "/srv/page", given: nil) == ["/srv/page"])
        #expect(try folders(role: .monitor, recording: true, setting: "/srv/page", given: nil) == ["/srv/page"])
        #expect(try folders(role: .app, recording: false, setting: "/srv/page", given: nil) == [])
        #expect(try folders(role: .monitor, recording: false, setting: "/srv/page", given: nil) == [])
        #expect(try folders(role: .app, recording: true, setting: nil, given: nil) == [])
    }

    @Test("monitor --status-page DIR writes DIR whether or not it records, over the setting")
    func givenFolderWins() throws {
        #expect(try folders(role: .monitor, recording: false, setting: nil, given: "/srv/given") == ["/srv/given"])
        #expect(try folders(role: .monitor, recording: true, setting: "/srv/page", given: "/srv/given") == ["/srv/given"])
    }
}
