import Foundation
import Glibc
import Localization
import Testing
@testable import SettingsStore

/// The app's watcher reports its own save of app-state.json (a language switch) like any
/// change; the store reads the file again only when it no longer holds exactly what the app
/// saved (issue 26: the app re-read its own language after every switch).
@Suite("app-state.json: the app's own save is not read back")
struct AppStateOwnSaveTests {
    let name = "state/verbumcare/app-state.json"

    /// A writer that has saved `language` over what `before` left (nothing, or an older save).
    func saved(_ language: AppLanguage, in dir: PersistenceTempDir, before: AppLanguage?) -> (AppStateFile, AppStateWriter) {
        let file = AppStateFile(path: dir.sub(name))
        if let before { _ = try? file.save(PersistedAppState(currentLanguage: before)) }
        let writer = AppStateWriter(file: file, onFailure: { problem in Issue.record("\(problem)") })
        writer.enqueue(PersistedAppState(currentLanguage: language))
        _ = writer.flush()
        return (file, writer)
    }

    @Test(arguments: [nil, AppLanguage.en])
    func theAppsOwnSaveIsNotReadAgain(before: AppLanguage?) throws {
        let dir = PersistenceTempDir()
        let (file, writer) = saved(.ja, in: dir, before: before)
        #expect(file.peek()?.state.currentLanguage == .ja, "the file is there and readable")
        #expect(file.peek(unlessItHolds: writer.lastLeft) == nil, "what the app saved is not read again")
    }

    /// The hard case for an identity alone: another program saves in place right after the app,
    /// the same number of bytes, within the same tick of the file clock (made certain here by
    /// setting the time back).
    @Test func aSameSizeEditInPlaceInTheSameTickIsRead() throws {
        let dir = PersistenceTempDir()
        let (file, writer) = saved(.ja, in: dir, before: .en)
        let left = try #require(writer.lastLeft)
        let path = dir.sub(name)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let language = try #require(text.range(of: "\"ja\""))
        let edited = text.replacingCharacters(in: language, with: "\"en\"")
        let fd = open(path, O_WRONLY | O_TRUNC)
        try #require(fd >= 0)
        _ = edited.withCString { Glibc.write(fd, $0, strlen($0)) }
        var times = [timespec(tv_sec: Int(left.identity.modifiedSeconds), tv_nsec: Int(left.identity.modifiedNanoseconds)),
                     timespec(tv_sec: Int(left.identity.modifiedSeconds), tv_nsec: Int(left.identity.modifiedNanoseconds))]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        #expect(FileIdentity.current(path) == left.identity, "the edit left the identity alike")
        #expect(file.peek(unlessItHolds: left)?.state.currentLanguage == .en)
    }

    /// Another copy's `lang` (an atomic save of its own) is read.
    @Test func anotherCopysSaveIsRead() throws {
        let dir = PersistenceTempDir()
        let (file, writer) = saved(.ja, in: dir, before: .en)
        try AppStateFile(path: dir.sub(name)).save(PersistedAppState(currentLanguage: .zhHant))
        #expect(file.peek(unlessItHolds: writer.lastLeft)?.state.currentLanguage == .zhHant)
    }
}
