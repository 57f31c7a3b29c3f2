import SettingsStore

/// `mutes.json` in the state directory: the maintenance mutes of `mute` and `unmute`, read by
/// every process (the recorder holds alerts while a mute lasts; the screen says "muted until").
/// `{"mutes": [{"server": ID|null, "until": SECONDS, "reason": TEXT|null}]}`.
public struct MuteFile: Sendable {
    public let path: String

    public init(paths: AppPaths) {
        path = paths.stateDirectory + "/mutes.json"
    }

    public enum Problem: Error, Equatable, Sendable {
        /// The file exists but is not a mute list: it is left as it is (a person may be editing it).
        case unreadable(path: String)
        /// A mute ends at no time a mute can (not a finite number, before 1970, or more than
        /// `longestSeconds` from now, as a hand edit can write): the file is left as it is and
        /// its mutes are not used, rather than compute with the value.
        case absurdUntil(path: String, value: String)
        case writeFailed(path: String, reason: String)
    }

    /// The longest mute, in seconds from now (SPEC §15.3: at most 400 days).
    public static let longestSeconds: Double = 400 * 86_400

    /// The mutes; an absent file is an empty list. `now` bounds the end of a mute.
    public func read(now: Double) -> Result<MuteList, Problem> {
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.read(path, limit: 1 << 20, followLinks: false) } catch {
            return .failure(.unreadable(path: path))
        }
        guard let bytes else { return .success(MuteList()) }
        guard let object = JSON.parse(bytes)?.objectValue,
              case .array(let items)? = object["mutes"] else { return .failure(.unreadable(path: path)) }
        var entries: [MuteList.Entry] = []
        for item in items {
            guard let fields = item.objectValue, let until = fields["until"]?.doubleValue else { continue }
            // Allowance: a mute written by another process a moment ago, with its clock.
            guard until.isFinite, until >= 0, until <= now + Self.longestSeconds + 86_400 else {
                return .failure(.absurdUntil(path: path, value: String(describing: until)))
            }
            entries.append(MuteList.Entry(serverId: fields["server"]?.stringValue, until: until,
                                          reason: fields["reason"]?.stringValue))
        }
        return .success(MuteList(entries: entries))
    }

    /// Changes the list under the file's lock (read, change, atomic write); mutes that ended
    /// are dropped. A file that cannot be read is not replaced.
    public func update(at now: Double, _ change: (inout MuteList) -> Void) -> Result<MuteList, Problem> {
        do {
            return try FileLock.withExclusiveLock(for: path) {
                switch read(now: now) {
                case .failure(let problem):
                    return .failure(problem)
                case .success(var list):
                    change(&list)
                    list = list.current(at: now)
                    let json = JSON.object([("mutes", .array(list.entries.map { entry in
                        .object([("server", .optional(entry.serverId)), ("until", .int(Int(entry.until))),
                                 ("until_utc", .string(UTCTimestamp.iso8601Seconds(entry.until))),
                                 ("reason", .optional(entry.reason))])
                    }))])
                    try AtomicFile.write(Array(json.rendered.utf8), to: path, followLinks: false)
                    return .success(list)
                }
            }
        } catch {
            return .failure(.writeFailed(path: path, reason: ErrorReason.text(error)))
        }
    }
}
