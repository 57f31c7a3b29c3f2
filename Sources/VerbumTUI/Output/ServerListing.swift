import Localization
import SettingsStore

/// The `servers` listing: every known server with its id, and which one settings.json names
/// (configured) and which one is used now (in use). The two differ during a fallback: the
/// configured server did not answer and pn51 is in use.
struct ServerListing {
    let servers: [ServerConfig]
    /// What settings.json names, or pn51 when it names none.
    let configuredId: String
    /// What the running app, the monitor or the last `status` uses now (app-state.json).
    let inUseId: String
    let localizer: Localizer

    /// JSON names are the ServerConfig's own (English, stable); the localized name is for
    /// people. `isCurrent` is `isInUse` under its old name, for scripts written before.
    var json: JSON {
        .array(servers.map { server in
            .object(JSONObject([
                ("id", .string(server.id)),
                ("displayName", .string(server.displayName)),
                ("baseUrl", .string(server.baseUrl)),
                ("isDefault", .bool(server.isDefault)),
                ("isPrefilled", .bool(server.isPrefilled)),
                ("isCustom", .bool(server.isCustom)),
                ("isConfigured", .bool(server.id == configuredId)),
                ("isInUse", .bool(server.id == inUseId)),
                ("isCurrent", .bool(server.id == inUseId)),
                ("hostKind", .string(server.hostKind.rawValue)),
            ] + ServerNames.hostFields(server)))
        })
    }

    /// `* id  baseUrl  name [in use, configured, default]`, `*` on the server in use. Ids and
    /// URLs are ASCII, so padding them aligns the columns; the localized text comes last,
    /// where its width does not matter.
    var humanLines: [String] {
        let idWidth = servers.map(\.id.count).max() ?? 0
        let urlWidth = servers.map(\.baseUrl.count).max() ?? 0
        return servers.map { server in
            let inUse = server.id == inUseId
            var tags: [String] = []
            if inUse { tags.append(localizer.text("cli.servers.current")) }
            if server.id == configuredId { tags.append(localizer.text("cli.servers.configured")) }
            if server.isDefault { tags.append(localizer.text("cli.servers.default")) }
            if server.isCustom { tags.append(localizer.text("cli.servers.custom")) }
            let name = TextSanitizer.clean(ServerNames.withALabel(server, localizer: localizer))
            let tagText = tags.isEmpty ? "" : " [" + tags.joined(separator: ", ") + "]"
            return (inUse ? "* " : "  ") + pad(server.id, idWidth) + "  " + pad(server.baseUrl, urlWidth)
                + "  " + name + tagText
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
