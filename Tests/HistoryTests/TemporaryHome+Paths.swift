import SettingsStore
import TestSupport

extension TemporaryHome {
    /// The app's folders inside this home (config, state, cache), as the history tests use them.
    var appPaths: AppPaths {
        AppPaths(configDirectory: configDirectory, stateDirectory: stateDirectory, cacheDirectory: path + "/cache")
    }
}
