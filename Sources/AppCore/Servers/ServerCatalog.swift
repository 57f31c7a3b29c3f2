/// The prefilled servers (docs/PRODUCT.md: Prefilled servers) and construction of custom ones (docs/PRODUCT.md: Derived addresses and custom server ids).
///
/// Names and descriptions here are English; the UI shows the localized
/// `server.<id>.name` / `server.<id>.title` / `server.<id>.description` for prefilled servers.
public enum ServerCatalog {
    public static let defaultServerId = "pn51"
    public static let defaultConnectionTimeoutSeconds = 10
    public static let retryAttempts = 3
    public static let healthCheckEndpoints = ["/health"]
    /// English description of every custom server.
    public static let customServerDescription = "Custom server"

    private struct Entry {
        var id: String
        var baseURL: String
        var displayName: String
        var description: String
    }

    private static let entries: [Entry] = [
        Entry(id: "pn51", baseURL: "https://verbumcare-lab.local/api", displayName: "pn51",
              description: "Legacy production server, kept for rollback and testing"),
        Entry(id: "mac-mini", baseURL: "https://verbumcaremac-mini/api", displayName: "Mac Mini",
              description: "Current production server (Apple Silicon)"),
        Entry(id: "mac-mini-tailscale", baseURL: "https://verbumcarenomac-mini.local/api",
              displayName: "Mac Mini Tailscale",
              description: "The Mac Mini reached over Tailscale VPN for remote access"),
    ]

    /// The three prefilled servers in docs/PRODUCT.md order, with the default timeout. Their
    /// addresses are parsed once per process: every resolution of the settings starts from them.
    public static let prefilled: [ServerConfig] = entries.map { entry in
        // The base URLs above are literals that the catalog tests parse; a typo there is a
        // programming error that must stop every build's tests, not a runtime condition.
        guard let address = ServerAddress(baseURL: entry.baseURL) else {
            preconditionFailure("prefilled server \(entry.id) has an invalid base URL")
        }
        return config(id: entry.id, address: address, displayName: entry.displayName,
                      description: entry.description, isDefault: entry.id == defaultServerId,
                      isCustom: false, connectionTimeoutSeconds: defaultConnectionTimeoutSeconds)
    }

    /// pn51: the default for a new installation and the fallback target.
    public static var defaultServer: ServerConfig {
        prefilled.first { $0.id == defaultServerId } ?? prefilled[0]
    }

    /// The prefilled servers with a given connection timeout.
    public static func prefilledServers(connectionTimeoutSeconds: Int) -> [ServerConfig] {
        prefilled.map { server in
            var server = server
            server.connectionTimeout = timeoutMilliseconds(connectionTimeoutSeconds)
            return server
        }
    }

    /// `custom-` + host (`.`/`:` → `-`) + `-PORT` unless 443 + `-slug(prefix)`.
    public static func customId(for address: ServerAddress) -> String {
        var id = "custom-" + String(address.host.map { $0 == "." || $0 == ":" ? "-" : $0 })
        if let port = address.port, port != 443 { id += "-" + String(port) }
        let prefix = slug(address.prefixSegments.joined(separator: "/"))
        if !prefix.isEmpty { id += "-" + prefix }
        return id
    }

    /// Lower-case ASCII letters and digits; every other run becomes one `-`; no `-` at
    /// either end.
    static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in ASCII.lowercased(text).unicodeScalars {
            let isKept = scalar.isASCII && (ASCII.isLetter(UInt8(scalar.value)) || ASCII.isDigit(UInt8(scalar.value)))
            if isKept {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// A custom server from a normalized, valid address; nil if it does not parse.
    ///
    /// `displayName` is the address without scheme and final `/api`: the host, then `:PORT`
    /// when it is not the default, then `/PREFIX` when there is one, so two custom servers on
    /// one host can be told apart. `name` is the host.
    public static func customServer(address: String, connectionTimeoutSeconds: Int) -> ServerConfig? {
        guard let parsed = ServerAddress(baseURL: address) else { return nil }
        let displayName = String(parsed.rootURL.dropFirst(parsed.scheme.count + 3))
        return config(id: customId(for: parsed), address: parsed, displayName: displayName,
                      description: customServerDescription, isDefault: false, isCustom: true,
                      connectionTimeoutSeconds: connectionTimeoutSeconds)
    }

    /// Prefilled then custom, without duplicates of the same normalized address.
    /// Custom addresses that are invalid in production are skipped.
    public static func availableServers(customAddresses: [String], connectionTimeoutSeconds: Int) -> [ServerConfig] {
        availableServers(customAddresses: customAddresses, connectionTimeoutSeconds: connectionTimeoutSeconds,
                         environment: .production)
    }

    /// Prefilled then custom in the given order. A custom address is skipped when it is
    /// invalid in `environment`, or when its normalized address equals an earlier server's
    /// (prefilled ones included).
    ///
    /// Ids are unique: in the rare case that two different addresses map to the same docs/PRODUCT.md id
    /// (`a.b` and `a-b`, or host `h-8443` and `h:8443`), the later one gets `-` and eight hex
    /// digits of a hash of its normalized address, which stays the same from run to run.
    public static func availableServers(customAddresses: [String], connectionTimeoutSeconds: Int,
                                        environment: AppEnvironment) -> [ServerConfig] {
        var servers = prefilledServers(connectionTimeoutSeconds: connectionTimeoutSeconds)
        var seenAddresses = Set(servers.compactMap { normalizedKey($0.baseUrl) })
        var seenIds = Set(servers.map(\.id))
        for address in customAddresses {
            let result = AddressValidator.validate(address, environment: environment)
            guard result.isValid, !seenAddresses.contains(result.normalizedAddress),
                  var server = customServer(address: result.normalizedAddress,
                                            connectionTimeoutSeconds: connectionTimeoutSeconds)
            else { continue }
            if seenIds.contains(server.id) {
                let base = server.id + "-" + stableHash(result.normalizedAddress)
                var candidate = base
                var counter = 2
                while seenIds.contains(candidate) {
                    candidate = base + "-" + String(counter)
                    counter += 1
                }
                server.id = candidate
            }
            seenAddresses.insert(result.normalizedAddress)
            seenIds.insert(server.id)
            servers.append(server)
        }
        return servers
    }

    /// The server with this id, if any.
    public static func server(id: String, in servers: [ServerConfig]) -> ServerConfig? {
        servers.first { $0.id == id }
    }

    /// The server whose base URL is the same address once both are normalized
    /// (`https://VERBUMCARE-LAB.local:443/API/` finds pn51).
    public static func server(matchingAddress address: String, in servers: [ServerConfig]) -> ServerConfig? {
        guard let key = normalizedKey(address) else { return nil }
        return servers.first { normalizedKey($0.baseUrl) == key }
    }

    /// The normalized base URL used to compare addresses, or nil when `address` is not a
    /// base URL (see `ServerAddress.init(baseURL:)`).
    public static func normalizedKey(_ address: String) -> String? {
        ServerAddress(baseURL: address)?.baseURL
    }

    private static func config(id: String, address: ServerAddress, displayName: String, description: String,
                               isDefault: Bool, isCustom: Bool, connectionTimeoutSeconds: Int) -> ServerConfig {
        ServerConfig(id: id, name: address.host, displayName: displayName, baseUrl: address.baseURL,
                     wsUrl: address.wsURL, description: description, isDefault: isDefault,
                     isPrefilled: !isCustom, isCustom: isCustom,
                     healthCheckEndpoints: healthCheckEndpoints,
                     connectionTimeout: timeoutMilliseconds(connectionTimeoutSeconds),
                     retryAttempts: retryAttempts, hostKind: address.hostKind)
    }

    /// Clamped so that an absurd value from a hand-edited file cannot overflow.
    private static func timeoutMilliseconds(_ seconds: Int) -> Int {
        min(max(seconds, 0), Int.max / 1000) * 1000
    }

    /// 32-bit FNV-1a, as eight hex digits: small, and stable across runs and platforms
    /// (unlike `Hasher`, which is seeded per process).
    private static func stableHash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
