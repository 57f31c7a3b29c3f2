import Localization
import SettingsStore

/// settings.json's keys with the values the app uses (defaults filled in, invalid fields
/// replaced), in the file's own key names.
struct SettingsReport {
    let settings: NativeSettings
    /// The server in effect when settings.json names none (the default server).
    let configuredServer: ServerConfig
    let localizer: Localizer

    /// (key, value) for every key of settings.json, in the file's order (docs/PRODUCT.md: Files).
    /// An unset backend shows the server in effect.
    var fields: [(String, JSON)] {
        SettingsKey.allCases.map { ($0.rawValue, value(of: $0)) }
    }

    /// Exhaustive, so a key added to settings.json is shown, or the build fails.
    private func value(of key: SettingsKey) -> JSON {
        switch key {
        case .backendServerAddress: .string(settings.backendServerAddress ?? configuredServer.baseUrl)
        case .customServerAddress: .optional(settings.customServerAddress)
        case .customServers: .array(settings.customServers.map(JSON.string))
        case .connectionTimeout: .int(settings.connectionTimeout)
        case .autoSwitchOnFailure: .bool(settings.autoSwitchOnFailure)
        case .enableDetailedLogging: .bool(settings.enableDetailedLogging)
        case .caBundle: .optional(settings.caBundle)
        case .probeInterval: .int(settings.probeInterval)
        case .certWarningDays: .int(settings.certWarningDays)
        // Named without their query (a token often rides in it), as every output names them.
        case .alertWebhooks: .array(settings.alertWebhooks.map { .string(WebhookAddress.redacted($0)) })
        case .alertCABundle: .optional(settings.alertCABundle)
        case .alertUpConfirmations: .int(settings.alertUpConfirmations)
        case .slowThresholdMs: .int(settings.slowThresholdMs)
        case .historyEnabled: .bool(settings.historyEnabled)
        // Named without a password or query, as every output names it; the token is never shown.
        case .remoteWriteURL: .optional(settings.remoteWriteURL.map(WebhookAddress.redacted))
        case .remoteWriteTokenFile: .optional(settings.remoteWriteTokenFile)
        case .facility: .optional(settings.facility)
        case .facilityName: .optional(settings.facilityName)
        case .facilityNumber: .optional(settings.facilityNumber)
        case .bcpTriggerMinutes: .int(settings.bcpTriggerMinutes)
        case .statusPageDir: .optional(settings.statusPageDir)
        }
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
