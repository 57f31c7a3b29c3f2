import Glibc

/// Where files live (docs/PRODUCT.md: Files): XDG directories, `--home`/`VERBUMCARE_HOME`, per environment.
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
    ///
    /// A home directory DIR stands for `XDG_CONFIG_HOME=DIR/config`, `XDG_STATE_HOME=DIR/state`,
    /// `XDG_CACHE_HOME=DIR/cache` and overrides any XDG variables. A relative DIR is taken
    /// against the current directory. Relative or empty XDG values are ignored, as the XDG
    /// specification requires. `HOME` comes from `environmentVariables` (when absolute), else
    /// from the password database.
    public static func resolve(environment: AppEnvironment, home: String?,
                               environmentVariables: [String: String]) -> AppPaths {
        let name = environment.directoryName
        if let dir = nonEmpty(home) ?? nonEmpty(environmentVariables["VERBUMCARE_HOME"]) {
            let base = absolute(dir)
            return AppPaths(configDirectory: PathText.join(base, "config/" + name),
                            stateDirectory: PathText.join(base, "state/" + name),
                            cacheDirectory: PathText.join(base, "cache/" + name))
        }
        let userHome = homeDirectory(environmentVariables)
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = nonEmpty(environmentVariables[variable]), value.hasPrefix("/") {
                return PathText.trimmed(value)
            }
            return PathText.join(userHome, fallback)
        }
        return AppPaths(configDirectory: PathText.join(base("XDG_CONFIG_HOME", ".config"), name),
                        stateDirectory: PathText.join(base("XDG_STATE_HOME", ".local/state"), name),
                        cacheDirectory: PathText.join(base("XDG_CACHE_HOME", ".cache"), name))
    }

    public var settingsFile: String { configDirectory + "/settings.json" }
    public var appStateFile: String { stateDirectory + "/app-state.json" }
    public var logFile: String { stateDirectory + "/verbumcare-tui.log" }
    public func serverCacheDirectory(serverId: String) -> String { cacheDirectory + "/servers/" + serverId }
    public func credentialsFile(serverId: String) -> String { credentialsDirectory + "/" + serverId + ".json" }
    /// The folder of the credentials files (0700).
    public var credentialsDirectory: String { stateDirectory + "/credentials" }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return PathText.trimmed(path) }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        let cwd = currentDirectory()
        return relative.isEmpty || relative == "." ? cwd : PathText.trimmed(PathText.join(cwd, String(relative)))
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    private static func homeDirectory(_ variables: [String: String]) -> String {
        if let home = nonEmpty(variables["HOME"]), home.hasPrefix("/") { return PathText.trimmed(home) }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            let home = String(cString: dir)
            if home.hasPrefix("/") { return PathText.trimmed(home) }
        }
        return "/"
    }
}
