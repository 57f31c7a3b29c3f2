/// settings.json, the stand-in for iOS Settings › VerbumCare (docs/PRODUCT.md: Files). JSON keys are snake_case.
public struct NativeSettings: Equatable, Sendable {
    public static let customSentinel = "__CUSTOM__"
    public static let connectionTimeoutRange = 5...60
    /// Seconds between probes of a connected server. Below 2 s probes would dominate idle CPU
    /// and the server's logs; above an hour the status would be meaningless.
    public static let probeIntervalRange = 2...3600
    /// Days before a certificate ends from which `cert_expiring` warns. Up to a year: the
    /// facility servers' self-signed certificates last one year.
    public static let certWarningDaysRange = 0...365
    public static let defaultCertWarningDays = 30
    /// Successful probes in a row that close an incident and send `server_up` (SPEC §15.2).
    public static let alertUpConfirmationsRange = 1...10
    /// A `health` answer slower than this many milliseconds is `slow_response` (SPEC §6.1).
    public static let slowThresholdRange = 100...60000
    /// Minutes a confirmed outage of the configured server may last before it is a BCP event
    /// (SPEC §16, the plan's 発動基準; `BCPTrigger`): up to a day.
    public static let bcpTriggerMinutesRange = 1...1440
    public static let defaultBCPTriggerMinutes = 10

    public var backendServerAddress: String?
    public var customServerAddress: String?
    public var customServers: [String]
    /// Seconds, 5...60.
    public var connectionTimeout: Int
    public var autoSwitchOnFailure: Bool
    public var enableDetailedLogging: Bool
    public var caBundle: String?
    /// Seconds, 2...3600.
    public var probeInterval: Int
    /// Days, 0...365.
    public var certWarningDays: Int
    /// https URLs that get every alert by POST (SPEC §15.3).
    public var alertWebhooks: [String]
    /// The CA bundle webhooks are verified against; nil: the system store (a webhook is often
    /// outside the facility, unlike the servers).
    public var alertCABundle: String?
    /// 1...10.
    public var alertUpConfirmations: Int
    /// Milliseconds, 100...60000.
    public var slowThresholdMs: Int
    /// Whether the recording process keeps history.sqlite3.
    public var historyEnabled: Bool
    /// Where the monitor pushes by Prometheus remote write (issue 28): https, no credentials.
    public var remoteWriteURL: String?
    /// The file holding the remote write's bearer token (readable by its owner only).
    public var remoteWriteTokenFile: String?
    /// The `facility` label of pushed series; nil: the host name.
    public var facility: String?
    /// The facility's name for the BCP report's header (SPEC §16); sanitized, at most
    /// `FacilityProfile.nameMaxLength` characters (`FacilityProfile.name(_:)`).
    public var facilityName: String?
    /// 事業所番号: 1 to 20 ASCII digits, kept as text (leading zeros count).
    public var facilityNumber: String?
    /// Minutes, 1...1440.
    public var bcpTriggerMinutes: Int
    /// The folder the recorder writes the staff status page into (SPEC §16); nil: no page.
    public var statusPageDir: String?

    /// The keys of settings.json, the one list of them (a contract: scripts use them). The file
    /// format reads and writes them (`NativeSettingsFile`), and the command line takes them as
    /// typed values (`settings set KEY`, which conforms this type to `ExpressibleByArgument`
    /// and handles every case), so a key cannot exist in one and not the other.
    public enum Key: String, CaseIterable, Sendable {
        case backendServerAddress = "backend_server_address"
        case customServerAddress = "custom_server_address"
        case customServers = "custom_servers"
        case connectionTimeout = "connection_timeout"
        case autoSwitchOnFailure = "auto_switch_on_failure"
        case enableDetailedLogging = "enable_detailed_logging"
        case caBundle = "ca_bundle"
        case probeInterval = "probe_interval"
        case certWarningDays = "cert_warning_days"
        case alertWebhooks = "alert_webhooks"
        case alertCABundle = "alert_ca_bundle"
        case alertUpConfirmations = "alert_up_confirmations"
        case slowThresholdMs = "slow_threshold_ms"
        case historyEnabled = "history_enabled"
        case remoteWriteURL = "remote_write_url"
        case remoteWriteTokenFile = "remote_write_token_file"
        case facility = "facility"
        case facilityName = "facility_name"
        case facilityNumber = "facility_number"
        case bcpTriggerMinutes = "bcp_trigger_minutes"
        case statusPageDir = "status_page_dir"
    }

    public init(backendServerAddress: String? = nil, customServerAddress: String? = nil,
                customServers: [String] = [], connectionTimeout: Int = 10, autoSwitchOnFailure: Bool = true,
                enableDetailedLogging: Bool = false, caBundle: String? = nil, probeInterval: Int = 10,
                certWarningDays: Int = NativeSettings.defaultCertWarningDays, alertWebhooks: [String] = [],
                alertCABundle: String? = nil, alertUpConfirmations: Int = 2, slowThresholdMs: Int = 1500,
                historyEnabled: Bool = true, remoteWriteURL: String? = nil, remoteWriteTokenFile: String? = nil,
                facility: String? = nil, facilityName: String? = nil, facilityNumber: String? = nil,
                bcpTriggerMinutes: Int = NativeSettings.defaultBCPTriggerMinutes, statusPageDir: String? = nil) {
        self.backendServerAddress = backendServerAddress
        self.customServerAddress = customServerAddress
        self.customServers = customServers
        self.connectionTimeout = connectionTimeout
        self.autoSwitchOnFailure = autoSwitchOnFailure
        self.enableDetailedLogging = enableDetailedLogging
        self.caBundle = caBundle
        self.probeInterval = probeInterval
        self.certWarningDays = certWarningDays
        self.alertWebhooks = alertWebhooks
        self.alertCABundle = alertCABundle
        self.alertUpConfirmations = alertUpConfirmations
        self.slowThresholdMs = slowThresholdMs
        self.historyEnabled = historyEnabled
        self.remoteWriteURL = remoteWriteURL
        self.remoteWriteTokenFile = remoteWriteTokenFile
        self.facility = facility
        self.facilityName = facilityName
        self.facilityNumber = facilityNumber
        self.bcpTriggerMinutes = bcpTriggerMinutes
        self.statusPageDir = statusPageDir
    }

    public static let defaults = NativeSettings()

    /// The address the settings select: `custom_server_address` when `backend_server_address`
    /// is `__CUSTOM__`, else `backend_server_address`; nil means "use the default server".
    public var selectedAddress: String? {
        backendServerAddress == Self.customSentinel ? customServerAddress : backendServerAddress
    }

    /// A copy with every address normalized and custom servers de-duplicated, or the first
    /// value the file may not hold. `update` runs this on what its body produced.
    public func validated(environment: AppEnvironment) throws(InvalidSettingsValue) -> NativeSettings {
        var s = self
        func refuse(_ key: Key, _ value: String) -> InvalidSettingsValue {
            InvalidSettingsValue(field: key.rawValue, value: FieldReader.displayable(value))
        }
        guard Self.connectionTimeoutRange.contains(connectionTimeout) else {
            throw refuse(.connectionTimeout, String(connectionTimeout))
        }
        guard Self.probeIntervalRange.contains(probeInterval) else {
            throw refuse(.probeInterval, String(probeInterval))
        }
        guard Self.certWarningDaysRange.contains(certWarningDays) else {
            throw refuse(.certWarningDays, String(certWarningDays))
        }
        guard Self.alertUpConfirmationsRange.contains(alertUpConfirmations) else {
            throw refuse(.alertUpConfirmations, String(alertUpConfirmations))
        }
        guard Self.slowThresholdRange.contains(slowThresholdMs) else {
            throw refuse(.slowThresholdMs, String(slowThresholdMs))
        }
        guard Self.bcpTriggerMinutesRange.contains(bcpTriggerMinutes) else {
            throw refuse(.bcpTriggerMinutes, String(bcpTriggerMinutes))
        }
        guard case .success(let name) = FacilityProfile.name(facilityName ?? "") else {
            throw refuse(.facilityName, facilityName ?? "")
        }
        s.facilityName = name
        guard case .success(let number) = FacilityProfile.number(facilityNumber ?? "") else {
            throw refuse(.facilityNumber, facilityNumber ?? "")
        }
        s.facilityNumber = number
        s.alertWebhooks = []
        for address in alertWebhooks {
            guard let n = Self.webhook(address) else { throw refuse(.alertWebhooks, WebhookAddress.redacted(address)) }
            if !s.alertWebhooks.contains(n) { s.alertWebhooks.append(n) }
        }
        if s.alertCABundle?.isEmpty == true { s.alertCABundle = nil }
        if let url = remoteWriteURL, !url.isEmpty {
            guard case .success(let n) = RemoteWriteAddress.check(url) else {
                throw refuse(.remoteWriteURL, WebhookAddress.redacted(url))
            }
            s.remoteWriteURL = n
        } else {
            s.remoteWriteURL = nil
        }
        if s.remoteWriteTokenFile?.isEmpty == true { s.remoteWriteTokenFile = nil }
        if let name = facility, !name.isEmpty {
            guard case .success(let n) = FacilityLabel.check(name) else { throw refuse(.facility, name) }
            s.facility = n
        } else {
            s.facility = nil
        }
        if s.statusPageDir?.isEmpty == true { s.statusPageDir = nil }
        if let folder = s.statusPageDir, !Self.isStatusPageDir(folder) { throw refuse(.statusPageDir, folder) }
        if let custom = customServerAddress, !custom.isEmpty {
            guard let n = Self.normalized(custom, environment) else { throw refuse(.customServerAddress, custom) }
            s.customServerAddress = n
        } else {
            s.customServerAddress = nil
        }
        if let backend = backendServerAddress, !backend.isEmpty {
            if backend == Self.customSentinel {
                guard s.customServerAddress != nil else { throw refuse(.customServerAddress, "") }
            } else {
                guard let n = Self.normalized(backend, environment) else { throw refuse(.backendServerAddress, backend) }
                s.backendServerAddress = n
            }
        } else {
            s.backendServerAddress = nil
        }
        var seen = Set<String>()
        s.customServers = []
        for address in customServers {
            guard let n = Self.normalized(address, environment) else { throw refuse(.customServers, address) }
            if seen.insert(n).inserted { s.customServers.append(n) }
        }
        if s.caBundle?.isEmpty == true { s.caBundle = nil }
        return s
    }

    /// `status_page_dir` as the file may hold it: an absolute path (whether it is a folder this
    /// process may write into is checked where the page is written, and by `settings set`).
    public static func isStatusPageDir(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A webhook URL as settings.json keeps it: https only (a webhook carries the facility's
    /// server names), any host and path, no user or password in it (they would be logged).
    /// nil when it is not one (`WebhookAddress.check` says why).
    public static func webhook(_ text: String) -> String? {
        try? WebhookAddress.check(text).get()
    }

    /// `alert_webhooks`: a list of https addresses. Each refusal says why (a single address
    /// not in a list, http, a user name or password, not an address), naming the address
    /// without a password or query it may carry.
    private static func readWebhooks(_ reader: inout FieldReader) -> [String] {
        let field = Key.alertWebhooks.rawValue
        guard let raw = reader.object[field], raw != .null else { return [] }
        guard case .array(let items) = raw else {
            reader.report("files.webhooks_not_list", ["field": field,
                                                     "value": WebhookAddress.redacted(raw.stringValue ?? raw.written(.canonical))])
            return []
        }
        var urls: [String] = []
        for item in items {
            let text = item.stringValue ?? item.written(.canonical)
            switch WebhookAddress.check(text) {
            case .success(let url):
                if !urls.contains(url) { urls.append(url) }
            case .failure(let refusal):
                let key = switch refusal {
                case .notHTTPS: "files.webhook_not_https"
                case .credentials: "files.webhook_credentials"
                case .invalid, .notJSONList: "files.webhook_invalid"
                }
                reader.report(key, ["field": field, "value": WebhookAddress.redacted(text)])
            }
        }
        return urls
    }

    /// The normalized form of a valid address; nil for an invalid one.
    static func normalized(_ address: String, _ environment: AppEnvironment) -> String? {
        let result = AddressValidator.validate(address, environment: environment)
        return result.isValid ? result.normalizedAddress : nil
    }

    /// Reads each field on its own (see `NativeSettingsFile.load`).
    package static func read(_ reader: inout FieldReader, environment: AppEnvironment) -> NativeSettings {
        var s = NativeSettings.defaults
        s.connectionTimeout = reader.int(Key.connectionTimeout.rawValue, in: connectionTimeoutRange,
                                         default: s.connectionTimeout)
        s.probeInterval = reader.int(Key.probeInterval.rawValue, in: probeIntervalRange, default: s.probeInterval)
        s.certWarningDays = reader.int(Key.certWarningDays.rawValue, in: certWarningDaysRange,
                                       default: s.certWarningDays)
        s.autoSwitchOnFailure = reader.bool(Key.autoSwitchOnFailure.rawValue, default: s.autoSwitchOnFailure)
        s.enableDetailedLogging = reader.bool(Key.enableDetailedLogging.rawValue, default: s.enableDetailedLogging)
        s.caBundle = reader.optionalString(Key.caBundle.rawValue)
        s.alertCABundle = reader.optionalString(Key.alertCABundle.rawValue)
        s.alertUpConfirmations = reader.int(Key.alertUpConfirmations.rawValue, in: alertUpConfirmationsRange,
                                            default: s.alertUpConfirmations)
        s.slowThresholdMs = reader.int(Key.slowThresholdMs.rawValue, in: slowThresholdRange,
                                       default: s.slowThresholdMs)
        s.historyEnabled = reader.bool(Key.historyEnabled.rawValue, default: s.historyEnabled)
        s.remoteWriteTokenFile = reader.optionalString(Key.remoteWriteTokenFile.rawValue)
        if let url = reader.optionalString(Key.remoteWriteURL.rawValue) {
            // Named without a password or query it may carry.
            if case .success(let n) = RemoteWriteAddress.check(url) { s.remoteWriteURL = n } else {
                reader.report("files.field_invalid", ["field": Key.remoteWriteURL.rawValue, "fallback": "null",
                                                      "value": WebhookAddress.redacted(url)])
            }
        }
        if let name = reader.optionalString(Key.facility.rawValue) {
            if case .success(let n) = FacilityLabel.check(name) { s.facility = n } else {
                reader.report("files.field_invalid", ["field": Key.facility.rawValue, "fallback": "null", "value": name])
            }
        }
        s.bcpTriggerMinutes = reader.int(Key.bcpTriggerMinutes.rawValue, in: bcpTriggerMinutesRange,
                                         default: s.bcpTriggerMinutes)
        // A name or number the profile refuses is reported and left unset, like any bad field.
        s.facilityName = reader.read(Key.facilityName.rawValue, default: nil, fallbackText: "null") { json -> String?? in
            guard let text = json.stringValue, case .success(let name) = FacilityProfile.name(text) else { return .none }
            return .some(name)
        }
        s.facilityNumber = reader.read(Key.facilityNumber.rawValue, default: nil, fallbackText: "null") { json -> String?? in
            guard let text = json.stringValue, case .success(let number) = FacilityProfile.number(text) else { return .none }
            return .some(number)
        }
        if let folder = reader.optionalString(Key.statusPageDir.rawValue) {
            if isStatusPageDir(folder) {
                s.statusPageDir = folder
            } else {
                reader.report("files.field_invalid", ["field": Key.statusPageDir.rawValue, "fallback": "null", "value": folder])
            }
        }
        s.alertWebhooks = readWebhooks(&reader)

        let list: [JSON] = reader.read(Key.customServers.rawValue, default: [], fallbackText: "[]") {
            if case .array(let items) = $0 { return items }
            return nil
        }
        var seen = Set<String>()
        for item in list {
            guard let text = item.stringValue, let n = normalized(text, environment) else {
                reader.report("files.entry_invalid", ["field": Key.customServers.rawValue,
                                                       "value": item.stringValue ?? item.written(.canonical)])
                continue
            }
            if seen.insert(n).inserted { s.customServers.append(n) }
        }

        let rawCustom = reader.optionalString(Key.customServerAddress.rawValue)
        let custom = rawCustom.flatMap { normalized($0, environment) }
        let backend = reader.optionalString(Key.backendServerAddress.rawValue)
        if backend == customSentinel {
            if let custom {
                s.backendServerAddress = customSentinel
                s.customServerAddress = custom
            } else {
                reader.report("files.unknown_server", ["field": Key.customServerAddress.rawValue,
                                                       "address": rawCustom ?? customSentinel,
                                                       "value": rawCustom ?? customSentinel])
            }
        } else {
            s.customServerAddress = custom
            if let rawCustom, custom == nil {
                reader.report("files.field_invalid", ["field": Key.customServerAddress.rawValue,
                                                      "fallback": "null", "value": rawCustom])
            }
            if let backend {
                if let n = normalized(backend, environment) {
                    s.backendServerAddress = n
                } else {
                    reader.report("files.unknown_server", ["field": Key.backendServerAddress.rawValue,
                                                           "address": backend, "value": backend])
                }
            }
        }
        // A key the app does not know is kept as written and has no effect: a typo such as
        // `conection_timeout` would otherwise cost its setting silently (issue 17).
        // A file with hundreds of them (a script's own keys) gets a few notices and one summary,
        // not one notice each: notices are reconciled against every problem on every event.
        let unknown = unknownKeyNames(in: reader.keys)
        let shown = unknownKeys(in: unknown, limit: unknown.count > unknownKeysShown + 1 ? unknownKeysShown : unknown.count)
        for key in shown {
            if let suggestion = key.suggestion {
                reader.report("files.unknown_key", ["field": key.key, "suggestion": suggestion])
            } else {
                reader.report("files.unknown_key_unmatched", ["field": key.key])
            }
        }
        if unknown.count > shown.count {
            let rest = unknown.dropFirst(shown.count)
            reader.report("files.unknown_keys_more", ["count": String(rest.count),
                                                      "fields": rest.prefix(3).joined(separator: ", ")])
        }
        return s
    }

    /// Unknown keys told one by one; more than one beyond these are summed up in one problem.
    static let unknownKeysShown = 3

    /// The keys of `keys` that settings.json does not define, sorted, each with the known key
    /// it is probably a slip for. One home for the app's notice, the command line's warning
    /// and `doctor`.
    public static func unknownKeys(in keys: some Sequence<String>, limit: Int = .max) -> [(key: String, suggestion: String?)] {
        let known = Key.allCases.map(\.rawValue)
        return unknownKeyNames(in: keys).prefix(limit).map { key in
            (key, KeySuggestion.closest(to: key, among: known))
        }
    }

    /// The unknown keys alone, sorted: cheap, where a suggestion costs an edit distance to
    /// every known key (a file with hundreds of unknown keys made each save take seconds).
    public static func unknownKeyNames(in keys: some Sequence<String>) -> [String] {
        let known = Set(Key.allCases.map(\.rawValue))
        return keys.filter { !known.contains($0) }.sorted()
    }

    /// The known keys and their JSON values (nil: the key is absent).
    private var fields: [(Key, JSON?)] {
        [(.backendServerAddress, backendServerAddress.map(JSON.string)),
         (.customServerAddress, customServerAddress.map(JSON.string)),
         (.customServers, .array(customServers.map(JSON.string))),
         (.connectionTimeout, .int(connectionTimeout)),
         (.autoSwitchOnFailure, .bool(autoSwitchOnFailure)),
         (.enableDetailedLogging, .bool(enableDetailedLogging)),
         (.caBundle, caBundle.map(JSON.string)),
         (.probeInterval, .int(probeInterval)),
         (.certWarningDays, .int(certWarningDays)),
         (.alertWebhooks, .array(alertWebhooks.map(JSON.string))),
         (.alertCABundle, alertCABundle.map(JSON.string)),
         (.alertUpConfirmations, .int(alertUpConfirmations)),
         (.slowThresholdMs, .int(slowThresholdMs)),
         (.historyEnabled, .bool(historyEnabled)),
         (.remoteWriteURL, remoteWriteURL.map(JSON.string)),
         (.remoteWriteTokenFile, remoteWriteTokenFile.map(JSON.string)),
         (.facility, facility.map(JSON.string)),
         (.facilityName, facilityName.map(JSON.string)),
         (.facilityNumber, facilityNumber.map(JSON.string)),
         (.bcpTriggerMinutes, .int(bcpTriggerMinutes)),
         (.statusPageDir, statusPageDir.map(JSON.string))]
    }

    /// Writes into `object` the keys whose value differs from `decoded` (what was read from
    /// `object`) and the keys `object` lacks; every other key stays as it was written, so an
    /// invalid value the change does not touch is not silently replaced by its default.
    /// Absent optional values remove their key. Returns the keys written.
    package func write(into object: inout JSONObject, changedFrom decoded: NativeSettings) -> Set<String> {
        let before = Dictionary(uniqueKeysWithValues: decoded.fields.map { ($0.0.rawValue, $0.1) })
        var written = Set<String>()
        for (key, value) in fields {
            let name = key.rawValue
            let changed = before[name].map { $0 != value } ?? true
            guard changed || object[name] == nil else { continue }
            if object[name] != value { written.insert(name) }
            object[name] = value
        }
        return written
    }
}

/// A value settings.json may not hold (out of range, an invalid address): `field` is the JSON
/// key, `value` the offending value as text, already made displayable.
public struct InvalidSettingsValue: Error, Equatable, Sendable {
    public var field: String
    public var value: String

    public init(field: String, value: String) {
        self.field = field
        self.value = value
    }
}
