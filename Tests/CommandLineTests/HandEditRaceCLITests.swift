import Foundation
import Glibc
import Synchronization
import Testing
import TestSupport

/// `settings add-custom` racing a person's save, made deterministic: the test itself is the
/// person and acts at known points of the command's run.
@Suite("Hand edits racing the command line")
struct HandEditRaceCLITests {
    static let first = "https://ward1.example.org/api"
    static let handEdited = "https://hand-edited.example.org/api"
    static let added = "https://added.example.org/api"
    static let handEdit = "{\"custom_servers\": [\"\(first)\", \"\(handEdited)\"], \"note\": \"saved by a person\"}\n"

    /// nano / `cat >`: the file is truncated before the command starts, and the person's
    /// content arrives through the same descriptor while the command runs (or, in the second
    /// case, only after it has given up).
    @Test(arguments: [0.1, 2.5])
    func anInPlaceSaveSurvives(contentAfterSeconds delay: Double) async throws {
        let session = try CLI.Session()
        try session.home.write("{\"custom_servers\": [\"\(Self.first)\"]}", to: "config/verbumcare/settings.json")
        // Close-on-exec: the person's descriptor belongs to their editor, not to the command
        // (a command holding settings.json open for writing would wait for itself).
        let fd = open(session.home.settingsFile, O_WRONLY | O_CLOEXEC)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 0) == 0)
        let child = try ChildProcess(session.runner, ["settings", "add-custom", Self.added])
        // The person, on a thread of their own (the test's task pool may be busy).
        // Signalled after the close: the descriptor's number itself may be reused at once by
        // another test of this process, so asking whether it is still open proves nothing.
        let personDone = DispatchSemaphore(value: 0)
        let person = Thread {
            usleep(useconds_t(delay * 1e6))  // the person's pace, the story's input: the command waits for it
            let bytes = Array(Self.handEdit.utf8)
            _ = write(fd, bytes, bytes.count)
            close(fd)
            personDone.signal()
        }
        person.start()
        let end = try #require(await child.wait(seconds: 300))
        #expect(await eventually(seconds: 60) { personDone.wait(timeout: .now()) == .success }, "the person finished saving")
        let saved = try #require(session.settingsObject(), "settings.json holds JSON")
        let servers = saved["custom_servers"] as? [String] ?? []
        #expect(servers.contains(Self.handEdited), "the hand edit survives")
        #expect(saved["note"] as? String == "saved by a person")
        if end.status == 0 {
            #expect(servers.contains(Self.added))
        } else {
            // Refused, with the reason: the file was still empty when the command gave up, or
            // the person's program still had it open for writing after the command's wait
            // (a loaded machine can keep the person's thread from closing it for that long).
            #expect(end.status == 1)
            let reasons = ["files.unreadable_not_changed", "files.being_written"].map {
                CLI.text(.en, $0, ["file": "settings.json", "path": session.home.settingsFile])
            }
            #expect(reasons.contains { child.standardError.contains($0) }, "\(child.standardError)")
        }
    }

    /// vim: a new file renamed over settings.json while the command is inside its write
    /// window. strace delays every fsync of the command, so the window is held open; the
    /// command's temporary file appearing says it is inside.
    @Test func aRenameSaveInsideTheWriteWindowSurvives() async throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "scripts/ensure-deps installs strace")
        let session = try CLI.Session()
        try session.home.write("{\"custom_servers\": [\"\(Self.first)\"]}", to: "config/verbumcare/settings.json")
        let directory = session.home.configDirectory
        let settingsFile = session.home.settingsFile
        // The person, on a thread of their own: waits for the command's temporary file (it is
        // inside its write window, held open by the delayed fsync), then saves like vim.
        let personSaved = Mutex(false)
        let person = Thread {
            let inWindow = Eventually.holdsBlocking(within: .seconds(300), every: .milliseconds(1)) {
                ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains { $0.hasPrefix(".settings.json.tmp-") }
            }
            guard inWindow else { return }
            let temporary = settingsFile + ".swp"
            try? TestFile.write(Data(Self.handEdit.utf8), to: temporary)
            personSaved.withLock { $0 = rename(temporary, settingsFile) == 0 }
        }
        let child = try ChildProcess(session.runner, ["settings", "add-custom", Self.added],
                                     prefix: [strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync",
                                              "-e", "inject=fsync:delay_enter=2000000"])
        person.start()
        let end = await child.wait(seconds: 300)
        #expect(personSaved.withLock { $0 }, "the person saved while the command was inside its write window")
        #expect(end?.status == 0, "\(child.standardError)")
        let saved = try #require(session.settingsObject())
        #expect(saved["note"] as? String == "saved by a person", "the hand edit survives")
        #expect(saved["custom_servers"] as? [String] == [Self.first, Self.handEdited, Self.added],
                "and the command's change is applied to it")
    }

    /// Dotfiles: two homes whose settings.json link to one file; writers in both at once.
    @Test func twoHomesLinkedToOneFileKeepEveryAdd() async throws {
        let shared = try TemporaryHome(prefix: "shared-settings")
        let target = shared.path + "/dotfiles/settings.json"
        try shared.write("{}", to: "dotfiles/settings.json")
        let homes = try [CLI.Session(), CLI.Session()]
        for home in homes {
            try FileManager.default.createDirectory(atPath: home.home.configDirectory, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: home.home.settingsFile, withDestinationPath: target)
        }
        let writers = 8, adds = 25
        let succeeded = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var mine: [String] = []
                    for add in 0..<adds {
                        let address = "https://h\(writer % 2)-w\(writer)-a\(add).example.org/api"
                        if try await homes[writer % 2].run("settings", "add-custom", address).exitCode == 0 { mine.append(address) }
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let data = try #require(FileManager.default.contents(atPath: target))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let stored = Set(object["custom_servers"] as? [String] ?? [])
        print("linked homes: \(succeeded.count) of \(writers * adds) adds succeeded, "
              + "\(succeeded.filter { !stored.contains($0) }.count) lost")
        #expect(succeeded.count == writers * adds)
        #expect(succeeded.allSatisfy(stored.contains), "all kept")
        for home in homes {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: home.home.settingsFile)) == target, "still a link")
        }
    }

    @Test func aLinkToAnotherUsersFileIsNotTakenOver() async throws {
        try #require(geteuid() == 0, "needs to give the target to another user")
        let shared = try TemporaryHome(prefix: "other-user")
        let target = shared.path + "/settings.json"
        try shared.write("{\"note\": \"theirs\"}", to: "settings.json")
        #expect(chown(target, 65534, 65534) == 0)
        let session = try CLI.Session()
        try FileManager.default.createDirectory(atPath: session.home.configDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: session.home.settingsFile, withDestinationPath: target)
        let result = try await session.run("settings", "add-custom", Self.added)
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains(CLI.errorLine(.en, "files.not_owned", ["file": "settings.json", "path": target])))
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_uid == 65534, "still theirs")
        #expect(FileManager.default.contents(atPath: target) == Data("{\"note\": \"theirs\"}".utf8))
    }

    @Test func duplicateKeysAreReportedAndTheOriginalKept() async throws {
        let session = try CLI.Session()
        let original = "{\"custom_servers\": [\"https://a.example.org/api\"], \"custom_servers\": [\"https://b.example.org/api\"]}"
        try session.home.write(original, to: "config/verbumcare/settings.json")
        let result = try await session.run("settings", "add-custom", Self.added)
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.contains(CLI.text(.en, "files.duplicate_key", ["file": "settings.json", "field": "custom_servers"])))
        let copies = try FileManager.default.contentsOfDirectory(atPath: session.home.configDirectory)
            .filter { $0.hasPrefix("settings.json.corrupt-") }
        #expect(copies.count == 1)
        let kept = copies.first.flatMap { FileManager.default.contents(atPath: session.home.configDirectory + "/" + $0) }
        #expect(kept == Data(original.utf8), "the first list is not dropped silently: it is in the kept copy")
    }

    @Test func aNewerAppStateIsKeptBeforeItIsRewritten() async throws {
        let session = try CLI.Session()
        let original = #"{"version": 99, "currentLanguage": "en", "hologram": {"on": true}, "preferences": {"showCheckDetails": true, "sparklineLength": 30, "futurePref": 7}}"#
        try session.home.write(original, to: "state/verbumcare/app-state.json")
        let result = try await session.run("lang", "ja")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardError.contains(CLI.text(.en, "files.newer_version", ["file": "app-state.json", "version": "99"])))
        let copies = try FileManager.default.contentsOfDirectory(atPath: session.home.stateDirectory)
            .filter { $0.hasPrefix("app-state.json.corrupt-") }
        #expect(copies.count == 1)
        #expect(copies.first.flatMap { FileManager.default.contents(atPath: session.home.stateDirectory + "/" + $0) }
                == Data(original.utf8))
        let data = try #require(FileManager.default.contents(atPath: session.home.appStateFile))
        let now = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(now["currentLanguage"] as? String == "ja")
        #expect((now["hologram"] as? [String: Any])?["on"] as? Bool == true, "unknown keys are kept")
        #expect((now["preferences"] as? [String: Any])?["futurePref"] as? Int == 7, "unknown preferences are kept")
    }

    /// An older (or unreadable) `version` that `lang` rewrites keeps a copy first, and the
    /// warning on stderr names the copy (issue 16, item 7).
    @Test(arguments: [#""version": 1, "#, "", #""version": "two", "#])
    func anOlderAppStateIsKeptBeforeItIsRewritten(_ versionField: String) async throws {
        let session = try CLI.Session()
        let original = #"{\#(versionField)"currentLanguage": "en", "serverHistory": []}"#
        try session.home.write(original, to: "state/verbumcare/app-state.json")
        let result = try await session.run("lang", "ja")
        #expect(result.exitCode == 0, "\(result)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: session.home.stateDirectory)
            .filter { $0.hasPrefix("app-state.json.corrupt-") }
        #expect(copies.count == 1, "\(copies)")
        let copy = session.home.stateDirectory + "/" + (copies.first ?? "")
        #expect(FileManager.default.contents(atPath: copy) == Data(original.utf8))
        #expect(result.standardError.contains(CLI.text(.en, "files.kept_copy", ["file": "app-state.json", "path": copy])),
                "the notice names the copy: \(result.standardError)")
    }
}
