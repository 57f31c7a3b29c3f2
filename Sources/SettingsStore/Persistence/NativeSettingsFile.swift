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
/// - `update` writes the fields its change touches (and fills in missing ones); fields the
///   person wrote and the change does not touch stay exactly as written, invalid or not.
///   When the change replaces an invalid field, or the file has duplicate keys, the original
///   is first kept under `settings.json.corrupt-<UTC time>` (a hard link to its inode) and a
///   `files.kept_copy` problem says where. Keys the app does not know are preserved. A file
///   that stays empty or unparseable is not written over (`PersistenceError.unreadable`).
/// - Nothing happens when an update would write the same bytes (no churn for watchers).
public struct NativeSettingsFile: Sendable {
    public let path: String
    public let environment: AppEnvironment

    public init(path: String, environment: AppEnvironment) {
        self.path = path
        self.environment = environment
    }

    public typealias LoadResult = SettingsFileLoad

    /// The settings' own validation, as the error every writer of our files reports.
    private static func validated(_ settings: NativeSettings, environment: AppEnvironment) throws(PersistenceError) -> NativeSettings {
        do {
            return try settings.validated(environment: environment)
        } catch {
            throw PersistenceError.invalidValue(field: error.field, value: error.value)
        }
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

    private var file: JSONObjectFile { JSONObjectFile(path: path, whenUnreadable: .refuse) }

    /// Never throws: any content yields usable settings.
    public func load() -> LoadResult {
        let loaded = file.load()
        guard let object = loaded.object else {
            return LoadResult(settings: .defaults, problems: loaded.problems, movedAsideTo: loaded.movedAsideTo,
                              existed: loaded.existed)
        }
        let (settings, problems) = decode(object)
        return LoadResult(settings: settings, problems: loaded.problems + problems, movedAsideTo: nil, existed: true)
    }

    /// Locked read-modify-write; the body may throw to leave the file untouched.
    /// Throws `PersistenceError.invalidValue` (file untouched) when the body leaves a value
    /// the file may not hold; addresses are stored normalized and de-duplicated.
    @discardableResult
    public func update(_ body: (inout NativeSettings) throws -> Void) throws -> NativeSettings {
        try updateReporting(body).settings
    }

    /// `update`, also telling what was wrong with the file and where its old content went.
    /// Throws `PersistenceError.unreadable` (file untouched) when the file stays empty or
    /// unparseable: it may be an editor's save in progress, and a person's file is never
    /// written over unread. `body` may run more than once when someone saves the file while
    /// the app writes it: each run starts from the file as it is then.
    public func updateReporting(_ body: (inout NativeSettings) throws -> Void) throws -> UpdateResult {
        var before: [FileProblem] = []
        let done = try file.rewrite { current -> JSONObjectFile.Change<NativeSettings> in
            var object = current ?? [:]
            let (decoded, problems) = decode(object)
            before = problems
            var settings = decoded
            try body(&settings)
            settings = try Self.validated(settings, environment: environment)
            let written = settings.write(into: &object, changedFrom: decoded)
            // Only a field the person wrote and this change replaces is lost from the file;
            // invalid fields the change does not touch stay exactly as written.
            let invalidFields = Set(problems.compactMap { $0.parameters["field"] })
            return JSONObjectFile.Change(object: object, keepOld: !invalidFields.isDisjoint(with: written),
                                         result: settings)
        }
        return UpdateResult(settings: done.result, problems: before + done.problems, keptAsideAt: done.keptAsideAt,
                            wrote: done.wrote)
    }

    /// Why `update` would refuse to write the file as it is now (not a regular file, a link
    /// to another user's file, empty or unparseable), or nil.
    public func updateBlocker() -> FileProblem? {
        file.rewriteBlocker()?.problem(file: file.fileName)
    }

    private func decode(_ object: JSONObject) -> (NativeSettings, [FileProblem]) {
        var reader = FieldReader(object: object, file: file.fileName)
        let settings = NativeSettings.read(&reader, environment: environment)
        return (settings, reader.problems)
    }
}
