import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// The field bug: settings.json (or app-state.json) a symbolic link to another program's file
/// (/etc/passwd), and `settings add-custom` moved it aside and wrote settings JSON in its
/// place. Now the commands refuse with a message naming the link and its target, exit 1, and
/// the target keeps its bytes, inode and mode. Every link points at a decoy in a temporary
/// folder, never at a real system file.
@Suite("Commands through a link to a file that is not the app's")
struct LinkTargetCLITests {
    enum Decoy: String, CaseIterable, Sendable {
        case passwd, jsonArray, brokenJSON

        var content: String {
            switch self {
            case .passwd: "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
            case .jsonArray: "[\"https://ward3.example.org/api\"]\n"
            case .brokenJSON: "{\"backend_server_address\": \"https://verbumcaremac-mini/api\", "
            }
        }
    }

    /// What must stay as it was: bytes, inode, mode, and the names beside the decoy (no
    /// `.corrupt-` copy, no lock or temporary file).
    struct Fingerprint: Equatable {
        var bytes: Data?
        var inode: UInt
        var mode: UInt32
        var neighbours: [String]

        init(_ path: String) {
            var st = stat()
            let found = lstat(path, &st) == 0
            bytes = FileManager.default.contents(atPath: path)
            inode = found ? UInt(st.st_ino) : 0
            mode = found ? UInt32(st.st_mode) : 0
            neighbours = ((try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)) ?? []).sorted()
        }
    }

    /// A decoy "/etc/passwd" in its own temporary folder (mode 0644, older than an editor's save).
    static func makeDecoy(_ decoy: Decoy, linkedFrom link: String) throws -> (folder: TemporaryHome, path: String) {
        let folder = try TemporaryHome(prefix: "decoy-etc")
        try folder.write(decoy.content, to: "passwd")
        let path = folder.path + "/passwd"
        #expect(chmod(path, 0o644) == 0)
        var times = [timeval(tv_sec: time(nil) - 10, tv_usec: 0), timeval(tv_sec: time(nil) - 10, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        return (folder, path)
    }

    static let commands: [[String]] = [["settings", "add-custom", "https://ward3.example.org/api"],
                                       ["settings", "set", "connection_timeout", "20"]]

    @Test(arguments: Decoy.allCases, AppLanguage.allCases)
    func settingsChangesAreRefused(_ decoy: Decoy, _ language: AppLanguage) async throws {
        for command in Self.commands {
            let session = try CLI.Session(lang: CLI.lang(for: language))
            let link = session.home.settingsFile
            let (folder, target) = try Self.makeDecoy(decoy, linkedFrom: link)
            let before = Fingerprint(target)
            let result = try await session.run(arguments: command)
            #expect(result.exitCode == 1, "\(command)")
            let said = CLI.errorLine(language, "files.link_target_foreign",
                                     ["file": "settings.json", "link": link, "target": target])
            #expect(result.standardError.contains(said), "\(command): \(result.standardError)")
            #expect(Fingerprint(target) == before, "\(command) left \(target) as it was")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target, "still the link")
            withExtendedLifetime(folder) {}
        }
    }

    /// `settings show` reads through the link: the defaults, and the reason, on stderr.
    @Test(arguments: Decoy.allCases)
    func showUsesTheDefaults(_ decoy: Decoy) async throws {
        let session = try CLI.Session()
        let (folder, target) = try Self.makeDecoy(decoy, linkedFrom: session.home.settingsFile)
        let before = Fingerprint(target)
        let result = try await session.run("settings", "show", "--json")
        let shown = try CLI.object(result.standardOutput)
        #expect(shown["connection_timeout"] as? Int == 10)
        #expect(result.standardError.contains(CLI.text(.en, "files.link_target_foreign",
                                                       ["file": "settings.json", "link": session.home.settingsFile,
                                                        "target": target])))
        #expect(Fingerprint(target) == before)
        withExtendedLifetime(folder) {}
    }

    /// `lang en` writes app-state.json: through a link to a decoy it is refused, exit 1.
    @Test(arguments: Decoy.allCases, AppLanguage.allCases)
    func langIsNotSavedThroughTheLink(_ decoy: Decoy, _ language: AppLanguage) async throws {
        let session = try CLI.Session(lang: CLI.lang(for: language))
        let link = session.home.appStateFile
        let (folder, target) = try Self.makeDecoy(decoy, linkedFrom: link)
        let before = Fingerprint(target)
        let chosen: AppLanguage = language == .en ? .ja : .en
        let result = try await session.run("lang", chosen.rawValue)
        #expect(result.exitCode == 1)
        // Told in the language of the run (the saved language could not be read).
        let problem = ["file": "app-state.json", "link": link, "target": target]
        #expect(result.standardError.contains(CLI.text(language, "files.link_target_foreign", problem))
                || result.standardError.contains(CLI.text(chosen, "files.link_target_foreign", problem)),
                "\(result.standardError)")
        #expect(Fingerprint(target) == before)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        withExtendedLifetime(folder) {}
    }
}
