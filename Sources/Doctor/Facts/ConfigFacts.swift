import SettingsStore

/// What loading the settings files found, and what lies beside them.
public struct ConfigFacts: Equatable, Sendable {
    /// A copy of an unreadable file kept aside (`NAME.corrupt-<UTC time>`).
    public struct KeptCopy: Equatable, Sendable {
        /// The file it was, as the person knows it (`settings.json`).
        public var file: String
        /// That file's path, where the content belongs.
        public var filePath: String
        public var path: String

        public init(file: String, filePath: String, path: String) {
            self.file = file
            self.filePath = filePath
            self.path = path
        }
    }

    public var settingsPath: String
    public var settingsExisted: Bool
    public var problems: [FileProblem]
    /// Beside settings.json and app-state.json, oldest first.
    public var keptCopies: [KeptCopy]
    public var unknownKeys: [NativeSettingsFile.UnknownKey]

    public init(settingsPath: String, settingsExisted: Bool, problems: [FileProblem],
                keptCopies: [KeptCopy] = [], unknownKeys: [NativeSettingsFile.UnknownKey] = []) {
        self.settingsPath = settingsPath
        self.settingsExisted = settingsExisted
        self.problems = problems
        self.keptCopies = keptCopies
        self.unknownKeys = unknownKeys
    }

    /// The files under `paths`; `problems` are what the store found when it loaded them.
    public static func read(paths: AppPaths, settings: NativeSettingsFile, problems: [FileProblem]) -> ConfigFacts {
        let copies = [paths.settingsFile, paths.appStateFile].flatMap { path in
            KeptCopies.of(path).map { KeptCopy(file: fileName(path), filePath: path, path: $0) }
        }
        return ConfigFacts(settingsPath: paths.settingsFile, settingsExisted: settings.load().existed,
                           problems: problems.filter { !unknownKeyProblems.contains($0.key) }, keptCopies: copies,
                           unknownKeys: settings.unknownKeys())
    }

    /// Loading reports unknown keys as problems too; here each has its own entry with its fix.
    static let unknownKeyProblems: Set<String> = ["files.unknown_key", "files.unknown_key_unmatched", "files.unknown_keys_more"]

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
