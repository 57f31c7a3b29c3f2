import Foundation
import Glibc
import PropertyBased
import Testing
@testable import SettingsStore

/// settings.json or app-state.json as a symbolic link to a file that is not the app's (in the
/// field: /etc/passwd, replaced by settings JSON when the app ran as root). Through a link the
/// app never moves aside, replaces or writes a target that is not a JSON object it could read:
/// it reports the link, leaves the target exactly as it is and uses the defaults in memory.
/// Every link here points at a decoy in a temporary folder.
@MainActor
@Suite("Links to files that are not the app's")
struct LinkTargetSafetyTests {
    static func expectUntouched(_ decoy: LinkDecoy, _ comment: Comment? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(decoy.now == decoy.before, comment, sourceLocation: sourceLocation)
    }

    static func foreign(_ file: String, link: String, target: String) -> FileProblem {
        FileProblem(key: "files.link_target_foreign", parameters: ["file": file, "link": link, "target": target])
    }

    /// `body` throws the `PersistenceError` whose message for the person is `problem`.
    static func expectRefusal(_ problem: FileProblem, sourceLocation: SourceLocation = #_sourceLocation,
                              _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no refusal; expected \(problem.key)", sourceLocation: sourceLocation)
        } catch {
            #expect((error as? PersistenceError)?.problem(file: problem.parameters["file"] ?? "") == problem,
                    "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// A decoy of `kind` and a link to it at `relative` in a fresh home (kept alive by the caller).
    static func linked(_ kind: LinkDecoy.Kind, from relative: String) throws -> (LinkDecoy, PersistenceTempDir, String) {
        let decoy = try LinkDecoy(kind)
        let home = PersistenceTempDir()
        try decoy.link(from: home.sub(relative))
        return (decoy, home, home.sub(relative))
    }

    // MARK: settings.json

    @Test(arguments: LinkDecoy.Kind.allCases)
    func loadingReportsTheLinkAndLeavesTheTarget(_ kind: LinkDecoy.Kind) throws {
        let (decoy, home, link) = try Self.linked(kind, from: "config/settings.json")
        defer { withExtendedLifetime(home) {} }
        let result = NativeSettingsFile(path: link, environment: .production).load()
        #expect(result.settings == .defaults)
        #expect(result.movedAsideTo == nil)
        if kind != .empty { // an empty file reads as `{}`: nothing to report, nothing written
            #expect(result.problems == [Self.foreign("settings.json", link: link, target: decoy.path)])
        }
        Self.expectUntouched(decoy)
        #expect(LinkDecoy.isLink(link, to: decoy.path))
    }

    @Test(arguments: LinkDecoy.Kind.allCases)
    func anUpdateIsRefusedAndWritesNothing(_ kind: LinkDecoy.Kind) throws {
        let (decoy, home, link) = try Self.linked(kind, from: "config/settings.json")
        defer { withExtendedLifetime(home) {} }
        let file = NativeSettingsFile(path: link, environment: .production)
        Self.expectRefusal(Self.foreign("settings.json", link: link, target: decoy.path)) {
            try file.update { $0.customServers.append("https://ward3.example.org/api") }
        }
        #expect(file.updateBlocker() == Self.foreign("settings.json", link: link, target: decoy.path))
        Self.expectUntouched(decoy)
        #expect(LinkDecoy.isLink(link, to: decoy.path))
    }

    /// Dotfiles: a link to the person's own valid settings file keeps working as before.
    @Test func aLinkToAValidSettingsFileIsStillWrittenThrough() throws {
        let dotfiles = try LinkDecoy(bytes: Array("{\"note\": \"mine\"}".utf8), name: "settings.json")
        let home = PersistenceTempDir()
        let link = home.sub("config/settings.json")
        try dotfiles.link(from: link)
        let file = NativeSettingsFile(path: link, environment: .production)
        try file.update { $0.customServers = ["https://ward3.example.org/api"] }
        #expect(LinkDecoy.isLink(link, to: dotfiles.path))
        #expect(dotfiles.folder.json("settings.json")?["note"] as? String == "mine")
        #expect(dotfiles.folder.json("settings.json")?["custom_servers"] as? [String] == ["https://ward3.example.org/api"])
        #expect(dotfiles.folder.names().contains(".settings.json.lock"), "the lock sits beside the real file")
    }

    // MARK: app-state.json (the app's own file, kept aside and rewritten when unreadable)

    @Test(arguments: LinkDecoy.Kind.allCases)
    func appStateThroughALinkIsNeitherMovedNorSaved(_ kind: LinkDecoy.Kind) throws {
        let (decoy, home, link) = try Self.linked(kind, from: "state/app-state.json")
        defer { withExtendedLifetime(home) {} }
        let file = AppStateFile(path: link)
        let loaded = file.load()
        #expect(loaded.state == PersistedAppState())
        #expect(loaded.movedAsideTo == nil)
        Self.expectRefusal(Self.foreign("app-state.json", link: link, target: decoy.path)) {
            try file.save(PersistedAppState(currentLanguage: .en))
        }
        Self.expectUntouched(decoy)
        #expect(LinkDecoy.isLink(link, to: decoy.path))
    }

    // MARK: The store, as the running app uses it

    @Test(arguments: [LinkDecoy.Kind.passwd, .jsonArray, .brokenJSON])
    func theStoreUsesDefaultsAndSaysWhy(_ kind: LinkDecoy.Kind) throws {
        let settingsDecoy = try LinkDecoy(kind)
        let stateDecoy = try LinkDecoy(kind)
        let home = try StoreTestHome()
        try settingsDecoy.link(from: home.paths.settingsFile)
        try stateDecoy.link(from: home.paths.appStateFile)
        let store = home.loadedStore()
        #expect(store.getState().currentServer.id == ServerCatalog.defaultServerId)
        #expect(store.getState().fileProblems.contains(
            Self.foreign("settings.json", link: home.paths.settingsFile, target: settingsDecoy.path)))
        #expect(throws: SettingsActionError.self) { _ = try store.addCustomServer("https://ward3.example.org/api") }
        #expect(throws: SettingsActionError.self) { try store.selectServer(id: "mac-mini") }
        #expect(store.getState().lastError?.key == "files.link_target_foreign")
        store.setLanguage(.en)
        #expect(throws: SettingsActionError.fileRefused(
            Self.foreign("app-state.json", link: home.paths.appStateFile, target: stateDecoy.path))) {
            try store.flushPersistence()
        }
        store.refreshServerConfig()
        Self.expectUntouched(settingsDecoy, "settings.json's target")
        Self.expectUntouched(stateDecoy, "app-state.json's target")
        #expect(LinkDecoy.isLink(home.paths.settingsFile, to: settingsDecoy.path))
        #expect(LinkDecoy.isLink(home.paths.appStateFile, to: stateDecoy.path))
    }

    /// The start-up sweep of left-over temporary files looks in the link target's folder only
    /// when the app could have written there.
    @Test func theSweepLeavesAForeignTargetsFolderAlone() throws {
        let decoy = try LinkDecoy(.passwd)
        let home = try StoreTestHome()
        try decoy.link(from: home.paths.settingsFile)
        // Another program's temporary file of the same shape, well over a minute old.
        try decoy.folder.write("theirs", to: ".shadow.tmp-123-abc")
        var old = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        #expect(utimes(decoy.folder.sub(".shadow.tmp-123-abc"), &old) == 0)
        TemporaryFileSweeper.sweep(TemporaryFileSweeper.directories(for: home.paths))
        #expect(decoy.folder.text(".shadow.tmp-123-abc") == "theirs")
        #expect(!TemporaryFileSweeper.directories(for: home.paths).contains(decoy.folder.path))

        let dotfiles = try LinkDecoy(bytes: Array("{}".utf8), name: "settings.json")
        let other = try StoreTestHome()
        try dotfiles.link(from: other.paths.settingsFile)
        #expect(TemporaryFileSweeper.directories(for: other.paths).contains(dotfiles.folder.path))
    }

    // MARK: Any content

    /// Random decoys: text, bytes, JSON values that are not objects, objects cut short. Only a
    /// JSON object may be written through the link; anything else stays byte for byte.
    @Test func noDecoyIsEverChanged() async throws {
        let fragments = ["root:x:0:0:", "[", "]", "{", "}", "\"", ":", ",", "1", "null", "true", "\n", " ",
                         "\"custom_servers\"", "\"https://ward3.example.org/api\"", "\u{0}", "é", "#"]
        let text = Gen.int(in: 0..<fragments.count).array(of: 0...24).map { $0.map { fragments[$0] }.joined() }
        let raw = Gen.uint8(in: 0...255).array(of: 0...64).map { String(decoding: $0, as: UTF8.self) }
        let content = Gen.oneOf(text, raw)
        let appState = Gen.bool()
        await propertyCheck(count: 120, input: zip(content, appState)) { content, appState in
            let bytes = Array(content.utf8)
            let decoy = try LinkDecoy(bytes: bytes)
            let home = PersistenceTempDir()
            let link = home.sub(appState ? "state/app-state.json" : "config/settings.json")
            try decoy.link(from: link)
            let isObject = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) is [String: Any]
            if appState {
                let file = AppStateFile(path: link)
                _ = file.load()
                _ = try? file.save(PersistedAppState(currentLanguage: .zhHant))
            } else {
                let file = NativeSettingsFile(path: link, environment: .production)
                _ = file.load()
                _ = try? file.update { $0.connectionTimeout = 42 }
            }
            #expect(LinkDecoy.isLink(link, to: decoy.path))
            if !isObject {
                #expect(decoy.now == decoy.before, "\(content.debugDescription)")
            }
        }
    }
}
