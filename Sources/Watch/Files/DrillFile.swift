import SettingsStore

/// `drills.json` in the state directory: every drill and its record (SPEC §16), oldest first,
/// read by every process (the recorder runs the open one; the screen, `status`, `report` and
/// the status page show it), changed under the file's lock by the `drill` command and the
/// recorder (`DrillChange`). Private (0600, in the 0700 state folder).
public struct DrillFile: Sendable {
    public let path: String

    public init(paths: AppPaths) {
        path = paths.stateDirectory + "/drills.json"
    }

    public enum Problem: Error, Equatable, Sendable {
        /// The file exists but is not a drill log: it is left as it is.
        case unreadable(path: String)
        case refused(DrillChange.Refusal)
        case writeFailed(path: String, reason: String)
    }

    /// Drills kept: a drill twice a year is a handful; a log that grows past this (a script
    /// starting drills in a loop) drops its oldest.
    public static let kept = 1000

    /// The drills; an absent file is an empty log.
    public func read() -> Result<DrillLog, Problem> {
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.read(path, limit: 4 << 20, followLinks: false) } catch {
            return .failure(.unreadable(path: path))
        }
        guard let bytes else { return .success(DrillLog()) }
        guard let object = JSON.parse(bytes)?.objectValue, let items = object["drills"]?.arrayValue,
              let log = DrillCodec.log(items) else { return .failure(.unreadable(path: path)) }
        return .success(log)
    }

    /// Applies `change` at `now` under the file's lock (read, change, atomic write). A refused
    /// change and a file that cannot be read leave the file as it is.
    @discardableResult
    public func update(_ change: DrillChange, now: Double) -> Result<DrillLog, Problem> {
        do {
            return try FileLock.withExclusiveLock(for: path) {
                switch read() {
                case .failure(let problem):
                    return .failure(problem)
                case .success(let log):
                    switch change.applied(to: log, now: now) {
                    case .failure(let refusal):
                        return .failure(.refused(refusal))
                    case .success(var changed):
                        guard changed != log else { return .success(log) }
                        changed.drills = Array(changed.drills.suffix(Self.kept))
                        let json = JSON.object([("drills", .array(changed.drills.map(DrillCodec.json)))])
                        try AtomicFile.write(Array(json.rendered.utf8), to: path, followLinks: false)
                        return .success(changed)
                    }
                }
            }
        } catch {
            return .failure(.writeFailed(path: path, reason: ErrorReason.text(error)))
        }
    }
}
