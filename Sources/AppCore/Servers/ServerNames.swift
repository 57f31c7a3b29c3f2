import Localization

/// The one home of a server's name as people read it, on the screen, on the command line, in
/// history and in alerts: a prefilled server by its catalog name (`server.<id>.name`), a custom
/// one by its display name (its host when it has none). Never an internal id while a name is
/// known. Callers sanitize for their surface: the text may come from settings.json.
public enum ServerNames {
    /// The name without a language: what is kept for a removed server (`formerServerNames`).
    public static func stored(_ server: ServerConfig) -> String {
        server.displayName.isEmpty ? server.name : server.displayName
    }

    public static func name(_ server: ServerConfig, localizer: Localizer) -> String {
        if server.isPrefilled, localizer.hasText("server.\(server.id).name") {
            return localizer.text("server.\(server.id).name")
        }
        return stored(server)
    }

    /// The name of an id, also of a server no longer in the list (`formerNames`); the id itself
    /// only when nothing better is known.
    public static func name(id: String, servers: [ServerConfig], formerNames: [String: String],
                            localizer: Localizer) -> String {
        if let server = servers.first(where: { $0.id == id }) { return name(server, localizer: localizer) }
        if localizer.hasText("server.\(id).name") { return localizer.text("server.\(id).name") }
        return formerNames[id] ?? id
    }
}
