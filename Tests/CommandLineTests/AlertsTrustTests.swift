import AppCore
import Foundation
import Glibc
import Localization
import Logging
import SettingsStore
import Testing
import TestSupport
import Watch

/// SPEC §15.3 Trust, as NetworkManager's dispatcher: a hook runs only when the file after
/// links is a regular file owned by this user or root, writable by nobody else, not setuid or
/// setgid, in folders only their owner can write. Every hook here would leave a marker file
/// when run; an untrusted one must leave none. (The tests run as root, which owns the home:
/// uid 65534 plays "another user".)
@Suite("hook trust")
struct AlertsTrustTests {
    static let otherUser: uid_t = 65534

    /// A hook folder holding one hook of each kind (the decoy files they link to are in the
    /// home too), and what `scan` must say of each.
    struct Folder {
        let home: TemporaryHome
        let hooks: String
        /// Entry name → nil (trusted) or the reason it is skipped, with where its link leads.
        var expected: [String: (reason: HookTrust.Reason, link: String?)?] = [:]

        init(prefix: String) throws {
            home = try TemporaryHome(prefix: prefix)
            hooks = home.configDirectory + "/hooks.d"
            for folder in [hooks, home.path + "/markers", home.path + "/decoys", home.path + "/open"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            chmod(home.path + "/open", 0o777)
            chmod(home.path + "/markers", 0o777) // a hook running as any user could leave its marker

            try hook("10-world", mode: 0o777, expect: (.writableByOthers, nil))
            try hook("20-group", mode: 0o775, expect: (.writableByGroup, nil))
            try hook("30-other-owner", owner: AlertsTrustTests.otherUser, expect: (.ownedByAnotherUser, nil))
            try hook("40-setuid", mode: 0o4755, expect: (.setUserOrGroupID, nil))
            try hook("45-setgid", mode: 0o2755, expect: (.setUserOrGroupID, nil))
            let otherUsers = home.path + "/decoys/others-hook"
            try hook("50-link-to-other-user", at: otherUsers, owner: AlertsTrustTests.otherUser,
                     expect: (.ownedByAnotherUser, otherUsers))
            let inOpenFolder = home.path + "/open/root-hook"
            try hook("60-root-hook-in-open-folder", at: inOpenFolder, expect: (.folderWritableByOthers, inOpenFolder))
            try hook("70-trusted", expect: nil)
            try hook("80-link-to-trusted", at: home.path + "/decoys/trusted-hook", expect: nil)
            mkfifo(hooks + "/90-fifo", 0o755)
            expected["90-fifo"] = (.notARegularFile, nil)
            try FileManager.default.createSymbolicLink(atPath: hooks + "/95-broken", withDestinationPath: home.path + "/nothing")
            expected["95-broken"] = (.brokenLink, home.path + "/nothing")
        }

        /// A hook `name` that leaves `markers/name`; `file` is where it really is when that is
        /// elsewhere (the entry is then a link to it).
        mutating func hook(_ name: String, at file: String? = nil, mode: mode_t = 0o755, owner: uid_t = 0,
                           expect: (reason: HookTrust.Reason, link: String?)?) throws {
            let entry = hooks + "/" + name
            let path = file ?? entry
            try TestFile.write(Data("#!/bin/sh\ncat > /dev/null\ntouch '\(marker(name))'\n".utf8), to: path)
            try #require(chown(path, owner, 0) == 0 && chmod(path, mode) == 0, "chown/chmod \(path): errno \(errno)")
            if let file { try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: file) }
            // A link is named by where it leads after every link (the home's own path may hold one).
            expected.updateValue(expect.map { ($0.reason, $0.link.map(Self.resolved)) }, forKey: name)
        }

        static func resolved(_ path: String) -> String {
            guard let full = realpath(path, nil) else { return path }
            defer { free(full) }
            return String(cString: full)
        }

        func marker(_ name: String) -> String { home.path + "/markers/" + name }
        var names: [String] { expected.keys.sorted() }
        var trusted: [String] { names.filter { expected[$0]! == nil } }
    }

    @Test("scan: each untrusted kind is skipped with its reason, the trusted ones are kept in name order")
    func scanReasons() throws {
        let folder = try Folder(prefix: "trust-scan")
        let scan = HookRunner(folders: [folder.hooks]).scan()
        #expect(scan.trusted == folder.trusted.map { folder.hooks + "/" + $0 }, "\(scan)")
        let expectedSkips = folder.names.compactMap { name in
            folder.expected[name]!.map { SkippedHook(path: folder.hooks + "/" + name, reason: $0.reason, linkTarget: $0.link) }
        }
        #expect(scan.skipped == expectedSkips)
    }

    @Test("the hook folder itself writable by its group or by others, or another user's: nothing in it runs",
          arguments: [(0o775, 0, HookTrust.Reason.folderWritableByOthers), (0o757, 0, .folderWritableByOthers),
                      (0o755, Int(otherUser), .folderOwnedByAnotherUser)])
    func folderItself(mode: Int, owner: Int, reason: HookTrust.Reason) throws {
        let folder = try Folder(prefix: "trust-folder")
        try #require(chmod(folder.hooks, mode_t(mode)) == 0 && chown(folder.hooks, uid_t(owner), 0) == 0)
        let scan = HookRunner(folders: [folder.hooks]).scan()
        #expect(scan.trusted.isEmpty, "\(scan.trusted)")
        let trustedBefore = Set(folder.trusted.map { folder.hooks + "/" + $0 })
        #expect(scan.skipped.filter { trustedBefore.contains($0.path) }.map(\.reason) == [reason, reason], "\(scan.skipped)")
    }

    @Test("each skipped hook is told to the log once, however often the folders are read")
    func skippedToldOnce() throws {
        let folder = try Folder(prefix: "trust-log")
        let log = folder.home.path + "/monitor.log"
        let delivery = AlertDelivery(hooks: HookRunner(folders: [folder.hooks]), host: "kobe",
                                     logger: Logger(label: "alerts", factory: FileLogHandler.factory(path: log)))
        let skipped = delivery.scanHooks().skipped
        _ = delivery.scanHooks()
        _ = delivery.scanHooks()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("hook skipped") }
        #expect(lines.count == skipped.count && skipped.count == folder.names.count - folder.trusted.count, "\(lines)")
        for hook in skipped {
            #expect(lines.contains { $0.contains(hook.path) && $0.contains(hook.reason.rawValue) }, "\(hook): \(lines)")
        }
    }

    @Test("a delivery decided earlier checks the hook again: made writable by others meanwhile, it is not run")
    func deliverHookChecksAgain() async throws {
        let folder = try Folder(prefix: "trust-again")
        let hook = folder.hooks + "/70-trusted"
        let delivery = AlertDelivery(hooks: HookRunner(folders: [folder.hooks]), host: "kobe",
                                     logger: Logger(label: "test.trust-again"))
        #expect(delivery.scanHooks().trusted.contains(hook))
        let event = AlertEvent(kind: .test, server: ServerCatalog.prefilled[0], at: 0, ledgerKey: "test:0")
        let payload = delivery.payload(event, language: .en)

        chmod(hook, 0o777)
        let refused = await delivery.deliverHook(path: hook, payload: payload)
        #expect(refused.result == .notTrusted(.writableByOthers), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: folder.marker("70-trusted")), "the hook was run")

        chmod(hook, 0o755)
        let ran = await delivery.deliverHook(path: hook, payload: payload)
        #expect(ran.result == .exited(0), "\(ran)")
        #expect(FileManager.default.fileExists(atPath: folder.marker("70-trusted")), "the hook did not run")
    }

    @Test("alerts test: the untrusted hooks are listed with their reason and never run, the trusted ones run, exit 1",
          arguments: AppLanguage.allCases)
    func alertsTest(language: AppLanguage) async throws {
        let folder = try Folder(prefix: "trust-cli")
        let result = try await BinaryRunner(home: folder.home.path).run(["--lang", language.rawValue, "alerts", "test"])
        #expect(result.exitCode == 1, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for name in folder.names {
            let path = folder.hooks + "/" + name
            let line = lines.first { $0.hasPrefix("✓ \(path)  ") || $0.hasPrefix("✗ \(path)  ") }
            if let skip = folder.expected[name]! {
                let reason = CLI.text(language, "cli.alerts.skip." + skip.reason.rawValue)
                let what = skip.link.map { CLI.text(language, "cli.alerts.hook_skipped_link", ["target": $0, "reason": reason]) }
                    ?? CLI.text(language, "cli.alerts.hook_skipped", ["reason": reason])
                #expect(line == "✗ \(path)  \(what)", "\(name): \(result)")
                #expect(!FileManager.default.fileExists(atPath: folder.marker(name)), "\(name) was run")
            } else {
                #expect(line == "✓ \(path)  " + CLI.text(language, "cli.alerts.hook_ok"), "\(name): \(result)")
                #expect(FileManager.default.fileExists(atPath: folder.marker(name)), "\(name) did not run")
            }
        }
        #expect(lines.count == folder.names.count, "\(result)")
    }
}
