import ArgumentParser
import BackendClient
import FoundationEssentials
import RemoteWrite
import SettingsStore
import Watch

/// A settings.json key as `settings set KEY` takes it: the file format's own list
/// (`NativeSettings.Key`, AppCore), so the command line and the file cannot disagree on the
/// keys; `set` below must handle every one (the switch is exhaustive). Changes go through the
/// store's actions where the app has one, so the command line and the settings pane behave alike.
typealias SettingsKey = NativeSettings.Key

extension NativeSettings.Key: ExpressibleByArgument {
    /// A key is read by its file name. An unknown one is refused by the parser, in the words
    /// of `unknownKeyMessage` (`ParserErrorText`).
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// `settings set --help` names the keys in its discussion, in the run's language, so the
    /// parser adds no English `(values: …)` of its own; completions are declared with the argument.
    public static var allValueStrings: [String] { [] }

    /// The keys `settings set` takes: all but `custom_servers`, a list that `add-custom` and
    /// `remove-custom` change one validated address at a time.
    static var settable: [SettingsKey] { allCases.filter { $0 != .customServers } }

    /// What a person is told for a key that is not one (catalog key and parameters), with the
    /// key probably meant by a slip (`conection_timeout`), as `doctor` and the file's warning say.
    static func unknownKeyMessage(for key: String) -> (key: String, parameters: [String: String]) {
        let names = allCases.map(\.rawValue)
        guard let meant = KeySuggestion.closest(to: key, among: names) else {
            return ("cli.unknown_key", ["key": key, "keys": settable.map(\.rawValue).joined(separator: ", ")])
        }
        if meant == SettingsKey.customServers.rawValue {
            return ("cli.custom_servers_use_add", ["key": meant])
        }
        return ("cli.unknown_key_suggestion", ["key": key, "suggestion": meant])
    }

    /// Why a value was refused: a catalog key and its parameters, plus validation details.
    struct Refusal: Error {
        var key: String
        var parameters: [String: String]
        var validation: ValidationResult?
    }

    /// Checks `value` and saves it (locked read-modify-write). A refusal writes nothing; a
    /// write failure is rethrown as it came.
    @MainActor
    func set(_ value: String, context: CommandContext) throws {
        let store = context.store
        switch self {
        case .customServers:
            // A list, changed one address at a time where each is validated and tested
            // (`SettingsSetCommand` refuses it before anything runs).
            throw Refusal(key: "cli.custom_servers_use_add", parameters: ["key": rawValue])
        case .backendServerAddress:
            if let server = store.getState().availableServers.first(where: { $0.id == value }) {
                try store.selectServer(id: server.id)
            } else if value == NativeSettings.customSentinel {
                guard context.settingsFile.load().settings.customServerAddress != nil else {
                    // __CUSTOM__ means "use custom_server_address", which must be set first.
                    throw refusal(value)
                }
                try update(context) { $0.backendServerAddress = NativeSettings.customSentinel }
            } else {
                let address = try validAddress(value, environment: context.environment)
                if let known = store.getState().availableServers.first(where: { $0.baseUrl == address }) {
                    try store.selectServer(id: known.id)
                } else {
                    try update(context) { $0.backendServerAddress = address }
                }
            }
        case .customServerAddress:
            let address = value.isEmpty ? nil : try validAddress(value, environment: context.environment)
            try update(context) { settings throws(Refusal) in
                if address == nil, settings.backendServerAddress == NativeSettings.customSentinel {
                    throw refusal(value) // would leave __CUSTOM__ pointing at nothing
                }
                settings.customServerAddress = address
            }
        case .connectionTimeout:
            try store.setConnectionTimeout(try integer(value, in: NativeSettings.connectionTimeoutRange))
        case .probeInterval:
            let seconds = try integer(value, in: NativeSettings.probeIntervalRange)
            try update(context) { $0.probeInterval = seconds }
        case .certWarningDays:
            let days = try integer(value, in: NativeSettings.certWarningDaysRange)
            try update(context) { $0.certWarningDays = days }
        case .alertUpConfirmations:
            let count = try integer(value, in: NativeSettings.alertUpConfirmationsRange)
            try update(context) { $0.alertUpConfirmations = count }
        case .slowThresholdMs:
            let milliseconds = try integer(value, in: NativeSettings.slowThresholdRange)
            try update(context) { $0.slowThresholdMs = milliseconds }
        case .historyEnabled:
            let enabled = try boolean(value)
            try update(context) { $0.historyEnabled = enabled }
        case .bcpTriggerMinutes:
            let minutes = try integer(value, in: NativeSettings.bcpTriggerMinutesRange)
            try update(context) { $0.bcpTriggerMinutes = minutes }
        case .facilityName:
            // Sanitized and trimmed; `""` clears it.
            let name = try profile(FacilityProfile.name(value))
            try update(context) { $0.facilityName = name }
        case .facilityNumber:
            // Digits only, so letters get their own reason rather than "invalid value".
            let number = try profile(FacilityProfile.number(value))
            try update(context) { $0.facilityNumber = number }
        case .alertWebhooks:
            // A JSON array, one URL or URLs separated by commas; `[]` or empty clears the list.
            // A refusal names the address without its password or query.
            switch WebhookAddress.list(from: value) {
            case .success(let urls): try update(context) { $0.alertWebhooks = urls }
            case .failure(let refusal): throw Refusal(key: refusal.key, parameters: refusal.parameters)
            }
        case .alertCABundle:
            guard !value.isEmpty else { return try update(context) { $0.alertCABundle = nil } }
            let path = value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
            if let refusal = CABundleCheck.refusal(CABundleCheck.inspect(path: path), path: path) {
                throw Refusal(key: refusal.key, parameters: refusal.parameters)
            }
            try update(context) { $0.alertCABundle = path }
        case .remoteWriteURL:
            // https only, no user name or password; a refusal names it without them.
            guard !value.trimmingBlanks.isEmpty else { return try update(context) { $0.remoteWriteURL = nil } }
            switch RemoteWriteAddress.check(value) {
            case .success(let url): try update(context) { $0.remoteWriteURL = url }
            case .failure(let refusal): throw Refusal(key: refusal.key, parameters: refusal.parameters)
            }
        case .remoteWriteTokenFile:
            guard !value.isEmpty else { return try update(context) { $0.remoteWriteTokenFile = nil } }
            let path = value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
            // Checked now as the push will read it: missing, open to others, CR/LF inside.
            if case .failure(let problem) = TokenFile.read(path: path) {
                throw Refusal(key: problem.key, parameters: problem.parameters(path: path))
            }
            try update(context) { $0.remoteWriteTokenFile = path }
        case .facility:
            guard !value.trimmingBlanks.isEmpty else { return try update(context) { $0.facility = nil } }
            switch FacilityLabel.check(value) {
            case .success(let name): try update(context) { $0.facility = name }
            case .failure(let refusal): throw Refusal(key: refusal.key, parameters: ["max": String(FacilityLabel.maxLength)])
            }
        case .statusPageDir:
            guard !value.isEmpty else { return try update(context) { $0.statusPageDir = nil } }
            // Checked now as the recorder checks it before every write: a folder that is ours.
            if let problem = StatusPageWriter.check(directory: value) {
                throw Refusal(key: problem.key, parameters: problem.parameters)
            }
            try update(context) { $0.statusPageDir = value }
        case .autoSwitchOnFailure:
            try store.setAutoSwitchOnFailure(try boolean(value))
        case .enableDetailedLogging:
            try store.setDetailedLogging(try boolean(value))
        case .caBundle:
            guard !value.isEmpty else { return try store.setCABundle(nil) }
            let path = value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
            // A missing or empty bundle would only show up much later, as every check failing
            // with a TLS error. The settings pane refuses the same paths.
            if let refusal = CABundleCheck.refusal(CABundleCheck.inspect(path: path), path: path) {
                throw Refusal(key: refusal.key, parameters: refusal.parameters)
            }
            try store.setCABundle(path)
        }
    }

    /// A valid address, normalized; refused with the validator's messages otherwise.
    func validAddress(_ value: String, environment: AppEnvironment) throws(Refusal) -> String {
        let result = AddressValidator.validate(value, environment: environment)
        guard result.isValid else {
            throw Refusal(key: "cli.invalid_value", parameters: ["key": rawValue, "value": value], validation: result)
        }
        return result.normalizedAddress
    }

    /// Writes settings.json itself, not through the store: for the values no store action takes
    /// (`__CUSTOM__` and new addresses for `backend_server_address`, `custom_server_address`,
    /// and the keys the app only reads). It is the locked, validated read-modify-write the
    /// store's writer runs (`NativeSettingsFile.update`), but the store's state does not learn
    /// of it (the command ends after it) and what the write found in the file (problems, a copy
    /// kept aside) is not told here: the next run that reads the file tells it.
    @MainActor
    private func update(_ context: CommandContext, _ body: (inout NativeSettings) throws(Refusal) -> Void) throws {
        try context.settingsFile.update { settings in try body(&settings) }
    }

    private func refusal(_ value: String) -> Refusal {
        Refusal(key: "cli.invalid_value", parameters: ["key": rawValue, "value": value])
    }

    private func integer(_ value: String, in range: ClosedRange<Int>) throws(Refusal) -> Int {
        guard let number = Int(value.trimmingBlanks), range.contains(number) else {
            throw Refusal(key: "cli.range", parameters: ["key": rawValue, "min": String(range.lowerBound),
                                                         "max": String(range.upperBound)])
        }
        return number
    }

    private func profile(_ checked: Result<String?, FacilityProfile.Refusal>) throws(Refusal) -> String? {
        switch checked {
        case .success(let value): return value
        case .failure(let refusal): throw Refusal(key: refusal.key, parameters: refusal.parameters)
        }
    }

    private func boolean(_ value: String) throws(Refusal) -> Bool {
        // The words settings.json takes (JSON true and false), no more: a value that works
        // here works when written into the file by hand, and the other way round.
        switch value.trimmingBlanks.lowercased() {
        case "true": return true
        case "false": return false
        default: throw Refusal(key: "cli.not_boolean", parameters: ["key": rawValue])
        }
    }
}
