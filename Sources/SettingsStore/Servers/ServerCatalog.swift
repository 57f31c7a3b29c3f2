// PLACEHOLDER (helper B replaces this file): signatures are the contract.
/// The prefilled servers (SPEC §3.1) and construction of custom ones (SPEC §3.2).
public enum ServerCatalog {
    public static let defaultServerId = "pn51"
    public static let prefilled: [ServerConfig] = []
    public static var defaultServer: ServerConfig { fatalError("placeholder") }
    /// `custom-` + host (`.`/`:` → `-`) + `-PORT` unless 443 + `-slug(prefix)`.
    public static func customId(for address: ServerAddress) -> String { "" }
    /// A custom server from a normalized, valid address; nil if it does not parse.
    public static func customServer(address: String, connectionTimeoutSeconds: Int) -> ServerConfig? { nil }
    /// Prefilled then custom, without duplicates of the same normalized address.
    public static func availableServers(customAddresses: [String], connectionTimeoutSeconds: Int) -> [ServerConfig] { [] }
}
