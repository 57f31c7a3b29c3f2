import Localization

/// app-state.json (the app's `verbumcare_settings`), versioned with migration.
///
/// Version 2 (current), written by this app:
/// ```
/// {"version": 2, "currentLanguage": "ja", "serverSource": "native_settings",
///  "lastKnownServerId": "pn51",
///  "serverHistory": [{"serverId": "pn51", "lastUsed": 1763754901.5, "successful": true, "durationMs": 42}],
///  "preferences": {"showCheckDetails": true, "sparklineLength": 30}}
/// ```
/// Version 1, the app's original shape, has no `version` field (or `"version": 1`):
/// ```
/// {"language": "ja", "serverId": "pn51",
///  "history": [{"serverId": "pn51", "timestamp": 1763754901500, "success": true}]}
/// ```
/// where `timestamp` is milliseconds since 1970 and `history` is optional. Migration maps
/// `language` → `currentLanguage` (also accepting `zh`, `zh-TW`, `zh-Hant-TW` for
/// Traditional Chinese), `serverId` → `lastKnownServerId`, `history` → `serverHistory`
/// (seconds, duration unknown = 0), and starts with `serverSource` `default` and default
/// preferences (the source is worked out again at start-up anyway).
public struct PersistedAppState: Equatable, Sendable {
    public static let currentVersion = 2
    /// Accepted `preferences.sparklineLength` values; others read as the default.
    public static let sparklineLengthRange = 1...1000

    public var version: Int
    public var currentLanguage: AppLanguage?
    public var serverSource: ServerSource
    public var lastKnownServerId: String?
    public var serverHistory: [ServerHistoryEntry]
    public var preferences: Preferences
    /// The user name of each server's last sign-in, by server id (never a password or token).
    public var lastUserNames: [String: String] = [:]

    /// A user name longer than this is not kept (nobody types one; a hand edit may hold anything).
    public static let userNameLimit = 256

    public init(version: Int = PersistedAppState.currentVersion, currentLanguage: AppLanguage? = nil,
                serverSource: ServerSource = .default, lastKnownServerId: String? = nil,
                serverHistory: [ServerHistoryEntry] = [], preferences: Preferences = .defaults) {
        self.version = version
        self.currentLanguage = currentLanguage
        self.serverSource = serverSource
        self.lastKnownServerId = lastKnownServerId
        self.serverHistory = serverHistory
        self.preferences = preferences
    }

    package enum Key {
        package static let version = "version"
        static let currentLanguage = "currentLanguage"
        static let serverSource = "serverSource"
        static let lastKnownServerId = "lastKnownServerId"
        static let serverHistory = "serverHistory"
        static let preferences = "preferences"
        static let lastUserNames = "lastUserNames"
        // version 1
        static let language = "language"
        static let serverId = "serverId"
        static let history = "history"
    }

    /// The version-2 fields, each read on its own.
    package static func readCurrent(_ reader: inout FieldReader) -> PersistedAppState {
        var s = PersistedAppState()
        s.currentLanguage = reader.read(Key.currentLanguage, default: nil, fallbackText: "null") {
            $0.stringValue.flatMap(AppLanguage.init(code:))
        }
        s.serverSource = reader.read(Key.serverSource, default: .default, fallbackText: ServerSource.default.rawValue) {
            $0.stringValue.flatMap(ServerSource.init(rawValue:))
        }
        s.lastKnownServerId = reader.optionalString(Key.lastKnownServerId)
        s.serverHistory = readHistory(&reader, key: Key.serverHistory) { entry in
            guard let id = entry["serverId"]?.stringValue, !id.isEmpty,
                  let lastUsed = entry["lastUsed"]?.doubleValue,
                  let successful = entry["successful"]?.boolValue,
                  let duration = entry["durationMs"]?.doubleValue, duration >= 0 else { return nil }
            return ServerHistoryEntry(serverId: id, lastUsed: lastUsed, successful: successful, durationMs: duration)
        }
        if let raw = reader.object[Key.preferences], raw != .null {
            if let o = raw.objectValue {
                var inner = FieldReader(object: o, file: reader.file, fieldPrefix: Key.preferences + ".")
                s.preferences.showCheckDetails = inner.bool("showCheckDetails", default: s.preferences.showCheckDetails)
                s.preferences.sparklineLength = inner.int("sparklineLength", in: sparklineLengthRange,
                                                          default: s.preferences.sparklineLength)
                reader.absorb(inner)
            } else {
                reader.report("files.field_invalid", ["field": Key.preferences, "fallback": "{}", "value": raw.written(.canonical)])
            }
        }
        s.lastUserNames = readUserNames(&reader)
        return s
    }

    /// `lastUserNames`: an object of server id → user name; entries that are not a short,
    /// clean string are dropped and reported.
    private static func readUserNames(_ reader: inout FieldReader) -> [String: String] {
        guard let raw = reader.object[Key.lastUserNames], raw != .null else { return [:] }
        guard let object = raw.objectValue else {
            reader.report("files.field_invalid", ["field": Key.lastUserNames, "fallback": "{}", "value": raw.written(.canonical)])
            return [:]
        }
        var names: [String: String] = [:]
        for (id, value) in object {
            guard !id.isEmpty, let name = value.stringValue, !name.isEmpty, name.count <= userNameLimit,
                  TextSanitizer.clean(name) == name else {
                reader.report("files.entry_invalid", ["field": Key.lastUserNames, "value": value.written(.canonical)])
                continue
            }
            names[id] = name
        }
        return names
    }

    /// Version 1 (see the type's comment), migrated.
    package static func readVersion1(_ reader: inout FieldReader) -> PersistedAppState {
        var s = PersistedAppState()
        s.currentLanguage = reader.read(Key.language, default: nil, fallbackText: "null") {
            $0.stringValue.flatMap(languageFromVersion1)
        }
        s.lastKnownServerId = reader.optionalString(Key.serverId)
        s.serverHistory = readHistory(&reader, key: Key.history) { entry in
            guard let id = entry["serverId"]?.stringValue, !id.isEmpty,
                  let ms = entry["timestamp"]?.doubleValue,
                  let success = entry["success"]?.boolValue else { return nil }
            return ServerHistoryEntry(serverId: id, lastUsed: ms / 1000, successful: success, durationMs: 0)
        }
        return s
    }

    /// Version 1 stored the iOS app's locale tags (`ja-JP`, `en-US`, `zh`): a code as people
    /// give it, else read as a locale name.
    static func languageFromVersion1(_ code: String) -> AppLanguage? {
        AppLanguage(code: code) ?? LanguageDetector.language(forLocale: code)
    }

    /// Bad entries are dropped and reported; the rest are kept newest first as stored, one
    /// per server, at most `ServerHistoryEntry.limit`.
    private static func readHistory(_ reader: inout FieldReader, key: String,
                                    _ entry: (JSONObject) -> ServerHistoryEntry?) -> [ServerHistoryEntry] {
        let items: [JSON] = reader.read(key, default: [], fallbackText: "[]") {
            if case .array(let a) = $0 { return a }
            return nil
        }
        var result: [ServerHistoryEntry] = []
        var seen = Set<String>()
        for item in items {
            guard let e = item.objectValue.flatMap(entry) else {
                reader.report("files.entry_invalid", ["field": key, "value": item.written(.canonical)])
                continue
            }
            if result.count < ServerHistoryEntry.limit, seen.insert(e.serverId).inserted { result.append(e) }
        }
        return result
    }

    /// The version-2 fields written into `object`; other keys stay as they were.
    package func write(into object: inout JSONObject) {
        for old in [Key.language, Key.serverId, Key.history] { object[old] = nil }
        object[Key.version] = .int(Self.currentVersion)
        object[Key.currentLanguage] = currentLanguage.map { .string($0.rawValue) } ?? .null
        object[Key.serverSource] = .string(serverSource.rawValue)
        object[Key.lastKnownServerId] = lastKnownServerId.map(JSON.string) ?? .null
        object[Key.serverHistory] = .array(serverHistory.map { e in
            .object(["serverId": .string(e.serverId), "lastUsed": .double(e.lastUsed),
                     "successful": .bool(e.successful), "durationMs": .double(e.durationMs)])
        })
        // Preferences this version does not know (a newer app's) stay beside the known ones.
        var stored = object[Key.preferences]?.objectValue ?? [:]
        stored["showCheckDetails"] = .bool(preferences.showCheckDetails)
        stored["sparklineLength"] = .int(preferences.sparklineLength)
        object[Key.preferences] = .object(stored)
        object[Key.lastUserNames] = lastUserNames.isEmpty ? nil
            : .object(JSONObject(lastUserNames.sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) }))
    }
}
