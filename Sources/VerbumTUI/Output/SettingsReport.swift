import Localization
import SettingsStore

/// settings.json's keys with the values the app uses (defaults filled in, invalid fields
/// replaced), in the file's own key names.
struct SettingsReport {
    let settings: NativeSettings
    /// The server in effect when settings.json names none (the default server).
    let configuredServer: ServerConfig
    let localizer: Localizer

    /// (key, value) in the order of docs/PRODUCT.md: Files. An unset backend shows the server in effect.
    var fields: [(String, JSON)] {
        [
            (SettingsKey.backendServerAddress.rawValue,
             .string(settings.backendServerAddress ?? configuredServer.baseUrl)),
            (SettingsKey.customServerAddress.rawValue, .optional(settings.customServerAddress)),
            ("custom_servers", .array(settings.customServers.map(JSON.string))),
            (SettingsKey.connectionTimeout.rawValue, .int(settings.connectionTimeout)),
            (SettingsKey.autoSwitchOnFailure.rawValue, .bool(settings.autoSwitchOnFailure)),
            (SettingsKey.enableDetailedLogging.rawValue, .bool(settings.enableDetailedLogging)),
            (SettingsKey.caBundle.rawValue, .optional(settings.caBundle)),
            (SettingsKey.probeInterval.rawValue, .int(settings.probeInterval)),
            (SettingsKey.certWarningDays.rawValue, .int(settings.certWarningDays)),
            (SettingsKey.alertWebhooks.rawValue, .array(settings.alertWebhooks.map(JSON.string))),
            (SettingsKey.alertCABundle.rawValue, .optional(settings.alertCABundle)),
            (SettingsKey.alertUpConfirmations.rawValue, .int(settings.alertUpConfirmations)),
            (SettingsKey.slowThresholdMs.rawValue, .int(settings.slowThresholdMs)),
            (SettingsKey.historyEnabled.rawValue, .bool(settings.historyEnabled)),
        ]
    }

    var json: JSON { .object(JSONObject(fields)) }

    /// `key  value` lines; lists one item per line under their key.
    var humanLines: [String] {
        let width = fields.map(\.0.count).max() ?? 0
        var lines: [String] = []
        for (key, value) in fields {
            let label = key + String(repeating: " ", count: width - key.count) + "  "
            switch value {
            case .array(let items) where !items.isEmpty:
                lines.append(label + text(items[0]))
                let indent = String(repeating: " ", count: label.count)
                lines += items.dropFirst().map { indent + text($0) }
            default:
                lines.append(label + text(value))
            }
        }
        return lines
    }

    /// How one key's value reads in human output.
    func valueText(for key: String) -> String {
        fields.first { $0.0 == key }.map { text($0.1) } ?? localizer.text("cli.settings.not_set")
    }

    private func text(_ value: JSON) -> String {
        switch value {
        case .null: localizer.text("cli.settings.not_set")
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .string(let s): s
        case .array(let items): items.isEmpty ? localizer.text("cli.settings.not_set") : items.map(text).joined(separator: ", ")
        case .object: value.rendered
        }
    }
}
