// PLACEHOLDER (helper C replaces this file): signatures are the contract.
/// Where files live (SPEC §8): XDG directories, `--home`/`VERBUMCARE_HOME`, per environment.
public struct AppPaths: Equatable, Sendable {
    public var configDirectory: String
    public var stateDirectory: String
    public var cacheDirectory: String

    public init(configDirectory: String, stateDirectory: String, cacheDirectory: String) {
        self.configDirectory = configDirectory
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// `home` is `--home` (wins over `VERBUMCARE_HOME` in `environmentVariables`).
    public static func resolve(environment: AppEnvironment, home: String?,
                               environmentVariables: [String: String]) -> AppPaths {
        AppPaths(configDirectory: "", stateDirectory: "", cacheDirectory: "")
    }

    public var settingsFile: String { configDirectory + "/settings.json" }
    public var appStateFile: String { stateDirectory + "/app-state.json" }
    public var logFile: String { stateDirectory + "/verbumcare-tui.log" }
    public func serverCacheDirectory(serverId: String) -> String { cacheDirectory + "/servers/" + serverId }
    public func credentialsFile(serverId: String) -> String { stateDirectory + "/credentials/" + serverId + ".json" }
}
