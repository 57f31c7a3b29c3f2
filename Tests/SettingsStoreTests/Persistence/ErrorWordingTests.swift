import AppCore
import Glibc
import Localization
import SettingsStore
import Testing

/// Every error the persistence layer can produce, rendered as a person or the log sees it, in
/// the three languages: the system's words and the catalogs' texts, never a Swift type name,
/// an enum case or a struct dump.
@Suite("error wording")
struct ErrorWordingTests {
    static let path = "/home/nurse/.local/state/verbumcare/app-state.json"

    static let persistenceErrors: [PersistenceError] = [
        .io(operation: "write", path: path, errno: ENOSPC),
        .io(operation: "rename", path: path, errno: EROFS),
        .invalidValue(field: "connection_timeout", value: "99"),
        .notRegularFile(path: path),
        .unreadable(path: path),
        .notOwned(path: path),
        .foreignLinkTarget(link: path, target: "/etc/passwd"),
        .directoryNotWritable(path: path),
        .keptChanging(path: path),
        .beingWritten(path: path),
    ]

    static var allErrors: [any Error] {
        var errors: [any Error] = persistenceErrors
        errors += persistenceErrors.map { SettingsActionError.fileRefused($0.problem(file: "app-state.json")) }
        errors += [SettingsActionError.writeFailed(file: "settings.json", reason: "No space left on device"),
                   SettingsActionError.valueRefused(setting: "connection_timeout", value: "99"),
                   SettingsActionError.unknownServer("ward3"),
                   SettingsActionError.valueOutOfRange(setting: "connection_timeout", value: 99, range: 5...60)]
        return errors
    }

    /// What only program internals say.
    static let internals = ["PersistenceError", "SettingsActionError", "FileProblem", "SettingsStore.", "AppCore.",
                            "fileRefused", "writeFailed", "key: \"", "parameters:", "errno:"]

    @Test("the old wording, String(describing:), is what this test catches")
    func detectorCatchesDumps() {
        let dump = String(describing: SettingsActionError.fileRefused(PersistenceError.unreadable(path: Self.path)
            .problem(file: "app-state.json")))
        #expect(Self.internals.contains { dump.contains($0) }, "\(dump)")
    }

    @Test("every persistence error reads as words in every language", arguments: AppLanguage.allCases)
    func rendered(language: AppLanguage) {
        let localizer = Localizer(language: language)
        for error in Self.allErrors {
            let message = ErrorReason.writeFailure(error, file: "app-state.json")
            let text = localizer.text(message.key, message.parameters)
            let reason = ErrorReason.text(error)
            for word in Self.internals {
                #expect(!text.contains(word), "\(language): \(text)")
                #expect(!reason.contains(word), "log reason: \(reason)")
            }
            #expect(!text.contains("{"), "a parameter left unfilled: \(text)")
            #expect(text != message.key, "no catalog text for \(message.key)")
        }
    }
}
