import Foundation
import SettingsStore

/// A settings.json key that `settings set` can change, with how its value is read and checked.
/// Raw values are the file's keys (SPEC §8), a contract.
enum SettingsKey: String, CaseIterable {
    case backendServerAddress = "backend_server_address"
    case customServerAddress = "custom_server_address"
    case connectionTimeout = "connection_timeout"
    case autoSwitchOnFailure = "auto_switch_on_failure"
    case enableDetailedLogging = "enable_detailed_logging"
    case caBundle = "ca_bundle"
    case probeInterval = "probe_interval"

    static let connectionTimeoutRange = 5...60
    /// SPEC gives only the default (10 s); one second to one hour keeps the app responsive
    /// without hammering a server.
    static let probeIntervalRange = 1...3600

    /// Why a value was refused: a catalog key and its parameters, plus validation details.
    struct Refusal: Error {
        var key: String
        var parameters: [String: String]
        var validation: ValidationResult?
    }

    /// A checked change, applied inside the settings file's locked read-modify-write.
    typealias Change = (inout NativeSettings) -> Void

    /// Checks `value` and returns the change it makes, or why it is refused. `directory`
    /// resolves server ids for `backend_server_address`.
    func change(for value: String, environment: AppEnvironment, directory: ServerDirectory) throws(Refusal) -> Change {
        switch self {
        case .backendServerAddress:
            if value == NativeSettings.customSentinel {
                return { $0.backendServerAddress = NativeSettings.customSentinel }
            }
            if let server = directory.servers.first(where: { $0.id == value }) {
                let address = server.baseUrl
                return { $0.backendServerAddress = address }
            }
            let address = try validAddress(value, environment: environment)
            return { $0.backendServerAddress = address }
        case .customServerAddress:
            if value.isEmpty { return { $0.customServerAddress = nil } }
            let address = try validAddress(value, environment: environment)
            return { $0.customServerAddress = address }
        case .connectionTimeout:
            let seconds = try integer(value, in: Self.connectionTimeoutRange)
            return { $0.connectionTimeout = seconds }
        case .probeInterval:
            let seconds = try integer(value, in: Self.probeIntervalRange)
            return { $0.probeInterval = seconds }
        case .autoSwitchOnFailure:
            let flag = try boolean(value)
            return { $0.autoSwitchOnFailure = flag }
        case .enableDetailedLogging:
            let flag = try boolean(value)
            return { $0.enableDetailedLogging = flag }
        case .caBundle:
            if value.isEmpty { return { $0.caBundle = nil } }
            let path = value.hasPrefix("/") ? value
                : FileManager.default.currentDirectoryPath + "/" + value
            // A missing bundle would make every check fail with a TLS error much later.
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw Refusal(key: "cli.invalid_value", parameters: ["key": rawValue, "value": value])
            }
            return { $0.caBundle = path }
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

    private func integer(_ value: String, in range: ClosedRange<Int>) throws(Refusal) -> Int {
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
            throw Refusal(key: "cli.range", parameters: ["key": rawValue, "min": String(range.lowerBound),
                                                         "max": String(range.upperBound)])
        }
        return number
    }

    private func boolean(_ value: String) throws(Refusal) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw Refusal(key: "cli.not_boolean", parameters: ["key": rawValue])
        }
    }
}
