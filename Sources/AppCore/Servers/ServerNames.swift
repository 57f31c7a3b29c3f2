import Localization

/// The one home of a server's name as people read it, on the screen, on the command line, in
/// history and in alerts: a prefilled server by its catalog name (`server.<id>.name`), a custom
/// one by its display name (its host when it has none). Never an internal id while a name is
/// known. An internationalized host is named in its Unicode form (`UnicodeHost`), and
/// `withALabel` adds the A-label beside it where there is room (SPEC §4: the screen shows both).
/// Callers sanitize for their surface: the text may come from settings.json.
public enum ServerNames {
    /// The name without a language: what is kept for a removed server (`formerServerNames`).
    /// It keeps the A-label (the form settings.json holds); `name` shows it readably.
    public static func stored(_ server: ServerConfig) -> String {
        server.displayName.isEmpty ? server.name : server.displayName
    }

    public static func name(_ server: ServerConfig, localizer: Localizer) -> String {
        if server.isPrefilled, localizer.hasText("server.\(server.id).name") {
            return localizer.text("server.\(server.id).name")
        }
        return UnicodeHost.readable(stored(server))
    }

    /// The name of an id, also of a server no longer in the list (`formerNames`); the id itself
    /// only when nothing better is known.
    public static func name(id: String, servers: [ServerConfig], formerNames: [String: String],
                            localizer: Localizer) -> String {
        if let server = servers.first(where: { $0.id == id }) { return name(server, localizer: localizer) }
        if localizer.hasText("server.\(id).name") { return localizer.text("server.\(id).name") }
        return formerNames[id].map(UnicodeHost.readable) ?? id
    }

    /// The name with the A-label beside it when the name is an internationalized host shown in
    /// Unicode: "病院.example.jp (xn--0rys90e.example.jp)"; otherwise `name` alone.
    public static func withALabel(_ server: ServerConfig, localizer: Localizer) -> String {
        both(name(server, localizer: localizer), aLabel: server.isPrefilled ? nil : stored(server), localizer: localizer)
    }

    /// `withALabel` for an id, also of a server no longer in the list.
    public static func withALabel(id: String, servers: [ServerConfig], formerNames: [String: String],
                                  localizer: Localizer) -> String {
        if let server = servers.first(where: { $0.id == id }) { return withALabel(server, localizer: localizer) }
        return both(name(id: id, servers: servers, formerNames: formerNames, localizer: localizer),
                    aLabel: formerNames[id], localizer: localizer)
    }

    /// How JSON names a server's host, in both forms, under stable names: `host` is the
    /// A-label (what is resolved and what settings.json holds), `hostUnicode` the form people
    /// read (equal to `host` when the name is ASCII or its Unicode form is refused), and
    /// `displayNameUnicode` the display name in that form.
    public static func hostFields(_ server: ServerConfig) -> [(String, JSON)] {
        [("host", .string(server.name)),
         ("hostUnicode", .string(UnicodeHost.readable(server.name))),
         ("displayNameUnicode", .string(UnicodeHost.readable(server.displayName)))]
    }

    private static func both(_ name: String, aLabel: String?, localizer: Localizer) -> String {
        guard let aLabel, aLabel != name, UnicodeHost.unicode(aLabel) == name else { return name }
        return localizer.text("server.name_with_a_label", ["name": name, "a_label": aLabel])
    }
}
