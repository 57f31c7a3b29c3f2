import Localization
import SettingsStore

/// The `servers` listing: every known server with its id, current and default marked.
struct ServerListing {
    let servers: [ServerConfig]
    let current: ServerConfig
    let localizer: Localizer

    /// JSON names are the ServerConfig's own (English, stable); the localized name is for people.
    var json: JSONValue {
        .array(servers.map { server in
            .object([
                ("id", .string(server.id)),
                ("displayName", .string(server.displayName)),
                ("baseUrl", .string(server.baseUrl)),
                ("isDefault", .bool(server.isDefault)),
                ("isPrefilled", .bool(server.isPrefilled)),
                ("isCustom", .bool(server.isCustom)),
                ("isCurrent", .bool(server.id == current.id)),
                ("hostKind", .string(server.hostKind.rawValue)),
            ])
        })
    }

    /// `* id  baseUrl  name [current, default]`. Ids and URLs are ASCII, so padding them
    /// aligns the columns; the localized text comes last, where its width does not matter.
    var humanLines: [String] {
        let idWidth = servers.map(\.id.count).max() ?? 0
        let urlWidth = servers.map(\.baseUrl.count).max() ?? 0
        return servers.map { server in
            let isCurrent = server.id == current.id
            var tags: [String] = []
            if isCurrent { tags.append(localizer.text("cli.servers.current")) }
            if server.isDefault { tags.append(localizer.text("cli.servers.default")) }
            if server.isCustom { tags.append(localizer.text("cli.servers.custom")) }
            let name = server.isPrefilled ? localizer.text("server.\(server.id).name") : server.displayName
            let tagText = tags.isEmpty ? "" : " [" + tags.joined(separator: ", ") + "]"
            return (isCurrent ? "* " : "  ") + pad(server.id, idWidth) + "  " + pad(server.baseUrl, urlWidth)
                + "  " + name + tagText
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
