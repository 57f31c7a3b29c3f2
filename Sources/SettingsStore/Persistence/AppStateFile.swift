/// app-state.json in the state directory: read per field (a bad history entry is dropped,
/// not the whole file), migrated from older versions, saved atomically under the lock.
///
/// A file from a newer version is read for the fields this version knows and reported
/// (`files.newer_version`); saving keeps the keys this version does not know, so a newer
/// app finds its extra data again. Unparseable files are moved aside as for settings.json.
public struct AppStateFile: Sendable {
    public let path: String
    public init(path: String) { self.path = path }

    public typealias LoadResult = AppStateFileLoad

    private var file: JSONObjectFile { JSONObjectFile(path: path, whenUnreadable: .keepAside) }

    public func load() -> LoadResult {
        let loaded = file.load()
        guard let object = loaded.object else {
            return LoadResult(state: PersistedAppState(), problems: loaded.problems,
                              movedAsideTo: loaded.movedAsideTo, migratedFrom: nil)
        }
        return decode(object, problems: loaded.problems)
    }

    /// What the file holds now, read without changing anything (never moved aside): for
    /// following another copy's changes while the app runs. nil when it cannot be read now
    /// (missing, in the middle of a save, not JSON): the app then keeps what it has.
    public func peek() -> LoadResult? {
        peek(unlessItHolds: nil)
    }

    /// The same, nil also when the file holds exactly `known` (identity and bytes): what this
    /// process saved last, which the watcher reports like any change. Compared byte for byte
    /// too: another program's same-size save in place within one tick of the file clock
    /// leaves the identity alike.
    func peek(unlessItHolds known: RegularFile.Contents?) -> LoadResult? {
        guard let contents = try? RegularFile.read(path, limit: JSONObjectFile.maximumSize), contents != known,
              let parsed = JSONObjectFile.parse(contents.bytes), !parsed.blank else { return nil }
        return decode(parsed.object, problems: [])
    }

    private func decode(_ object: JSONObject, problems: [FileProblem]) -> LoadResult {
        var reader = FieldReader(object: object, file: file.fileName)
        for problem in problems { reader.report(problem.key, problem.parameters) }
        var version = PersistedAppState.currentVersion
        if let raw = object[PersistedAppState.Key.version] {
            if let v = raw.intValue, v >= 1 {
                version = v
            } else {
                // Unreadable version: read it as the current shape, which is what this app writes.
                reader.report("files.field_invalid", ["field": PersistedAppState.Key.version,
                                                      "fallback": String(PersistedAppState.currentVersion),
                                                      "value": raw.stringValue ?? raw.written(.canonical)])
            }
        } else {
            version = 1
        }
        if version > PersistedAppState.currentVersion {
            reader.report("files.newer_version", ["version": String(version)])
        }
        let state = version == 1 ? PersistedAppState.readVersion1(&reader) : PersistedAppState.readCurrent(&reader)
        return LoadResult(state: state, problems: reader.problems, movedAsideTo: nil,
                          migratedFrom: version < PersistedAppState.currentVersion ? version : nil)
    }

    /// Atomic, locked. Always writes the current version, keeping keys it does not know. A
    /// file whose `version` this rewrites (a newer one, whose fields may mean something this
    /// version cannot rewrite faithfully; an older one, migrated; a missing or unreadable one)
    /// is kept aside first, as settings.json's replaced values are; the returned problems
    /// (`files.kept_copy`) name the copy.
    @discardableResult
    public func save(_ state: PersistedAppState) throws -> [FileProblem] {
        try saveTelling(state).problems
    }

    /// `save`, also saying what the file holds afterwards (`peek(unlessItHolds:)`).
    func saveTelling(_ state: PersistedAppState) throws -> (problems: [FileProblem], left: RegularFile.Contents?) {
        let rewritten = try file.rewrite { current in
            var object = current ?? [:]
            let rewritesVersion = object[PersistedAppState.Key.version]?.intValue != PersistedAppState.currentVersion
            state.write(into: &object)
            return JSONObjectFile.Change(object: object, keepOld: rewritesVersion, result: ())
        }
        return (rewritten.problems, rewritten.left)
    }
}
