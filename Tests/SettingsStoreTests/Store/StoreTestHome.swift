import Foundation
import TestSupport
import Localization
@testable import SettingsStore

/// A temporary `--home` for one store test, removed when released.
@MainActor
final class StoreTestHome {
    let directory: String
    let paths: AppPaths

    init() throws {
        let base = FileManager.default.temporaryDirectory.path + "/store-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        directory = base
        paths = AppPaths.resolve(environment: .production, home: base, environmentVariables: [:])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func makeStore(language: AppLanguage? = nil, environment: [String: String] = ["LANG": "C"]) -> AppSettingsStore {
        AppSettingsStore(paths: paths, environment: .production, languageOverride: language,
                         processEnvironment: environment)
    }

    /// A store that has loaded the files, as the app does before its first frame.
    func loadedStore(language: AppLanguage? = nil, environment: [String: String] = ["LANG": "C"]) -> AppSettingsStore {
        let store = makeStore(language: language, environment: environment)
        store.loadSettings()
        return store
    }

    var settingsFile: NativeSettingsFile { NativeSettingsFile(path: paths.settingsFile, environment: .production) }
    var appStateFile: AppStateFile { AppStateFile(path: paths.appStateFile) }

    func writeSettings(_ json: String) throws {
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        try TestFile.write(Data(json.utf8), to: paths.settingsFile)
    }

    func settingsText() -> String? {
        FileManager.default.contents(atPath: paths.settingsFile).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Files in the config directory (to see what was moved aside).
    func configFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: paths.configDirectory)) ?? []
    }
}
