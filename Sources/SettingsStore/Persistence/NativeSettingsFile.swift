/// Reads and writes settings.json: per-field validation, corrupt files moved aside, atomic
/// writes, and an advisory lock around every read-modify-write.
///
/// Decisions:
/// - `load()` never writes except to move an unparseable file aside. A file that parses but
///   has invalid fields is left as the person wrote it; the invalid fields read as their
///   defaults and are reported (`files.field_invalid`, `files.entry_invalid`,
///   `files.unknown_server`).
/// - An invalid `backend_server_address` (or `__CUSTOM__` without a valid
///   `custom_server_address`) reads as nil, i.e. "the default server": which server to use
///   then is the store's decision. A valid address that is neither prefilled nor in
///   `custom_servers` is kept (the store treats it as a custom server).
/// - `update` rewrites the file; when the file had invalid fields or did not parse, the
///   original is first kept under `settings.json.corrupt-<UTC time>` (a hard link to its
///   inode), so nothing a person wrote is lost. Keys the app does not know are preserved.
/// - Nothing happens when an update would write the same bytes (no churn for watchers).
public struct NativeSettingsFile: Sendable {
    public let path: String
    public let environment: AppEnvironment

    public init(path: String, environment: AppEnvironment) {
        self.path = path
        self.environment = environment
    }

    public struct LoadResult: Equatable, Sendable {
        public var settings: NativeSettings
        public var problems: [FileProblem]
        /// Set when the file could not be read and was moved aside.
        public var movedAsideTo: String?
        public var existed: Bool
    }

    public struct UpdateResult: Equatable, Sendable {
        public var settings: NativeSettings
        /// What was wrong with the file before the update (the rewrite replaced it).
        public var problems: [FileProblem]
        /// Where the previous content was kept because it did not parse or had invalid fields.
        public var keptAsideAt: String?
        /// False when the file already held exactly these bytes.
        public var wrote: Bool
    }

    private var file: JSONObjectFile { JSONObjectFile(path: path) }

    /// Never throws: any content yields usable settings.
    public func load() -> LoadResult {
        let loaded = file.load()
        guard let object = loaded.object else {
            return LoadResult(settings: .defaults, problems: loaded.problems, movedAsideTo: loaded.movedAsideTo,
                              existed: loaded.existed)
        }
        let (settings, problems) = decode(object)
        return LoadResult(settings: settings, problems: problems, movedAsideTo: nil, existed: true)
    }

    /// Locked read-modify-write; the body may throw to leave the file untouched.
    /// Throws `PersistenceError.invalidValue` (file untouched) when the body leaves a value
    /// the file may not hold; addresses are stored normalized and de-duplicated.
    @discardableResult
    public func update(_ body: (inout NativeSettings) throws -> Void) throws -> NativeSettings {
        try updateReporting(body).settings
    }

    /// `update`, also telling what was wrong with the file and where its old content went.
    public func updateReporting(_ body: (inout NativeSettings) throws -> Void) throws -> UpdateResult {
        var before: [FileProblem] = []
        let done = try file.rewrite { current -> JSONObjectFile.Change<NativeSettings> in
            var object = current ?? [:]
            var (settings, problems) = decode(object)
            before = problems
            try body(&settings)
            settings = try settings.validated(environment: environment)
            settings.write(into: &object)
            return JSONObjectFile.Change(object: object, keepOld: !problems.isEmpty, result: settings)
        }
        return UpdateResult(settings: done.result, problems: before + done.problems, keptAsideAt: done.keptAsideAt,
                            wrote: done.wrote)
    }

    private func decode(_ object: [String: StoredJSON]) -> (NativeSettings, [FileProblem]) {
        var reader = FieldReader(object: object, file: file.fileName)
        let settings = NativeSettings.read(&reader, environment: environment)
        return (settings, reader.problems)
    }
}
