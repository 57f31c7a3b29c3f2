import BackendClient
import FoundationEssentials
import SettingsStore

/// Per-server data on disk (docs/PRODUCT.md: Files): `servers/<id>/config.json` and `health.json` in the
/// cache directory. Each file records the server's base URL, and data whose URL differs from
/// the server asked for is ignored: an id can be reused by another address (a removed custom
/// server, or a hash-suffixed id), and one server's data must never be shown for another.
///
/// Files are only ever written, never deleted: a switch must not lose user data.
public struct ServerDataStore: Sendable {
    public let paths: AppPaths

    public init(paths: AppPaths) {
        self.paths = paths
    }

    public static let configFileName = "config.json"
    public static let healthFileName = "health.json"

    public func configPath(_ server: ServerConfig) -> String {
        paths.serverCacheDirectory(serverId: server.id) + "/" + Self.configFileName
    }

    public func healthPath(_ server: ServerConfig) -> String {
        paths.serverCacheDirectory(serverId: server.id) + "/" + Self.healthFileName
    }

    /// Writes what is known; parts that are nil keep their previous file.
    public func save(_ snapshot: ServerSnapshot, for server: ServerConfig) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        if let config = snapshot.config, let value = try? JSONDecoder().decode(JSONValue.self, from: config) {
            let bytes = try encoder.encode(ConfigFile(baseUrl: server.baseUrl, config: value))
            try AtomicFile.write(Array(bytes), to: configPath(server), followLinks: false)
        }
        if let health = snapshot.health {
            let bytes = try encoder.encode(HealthFile(baseUrl: server.baseUrl, status: health))
            try AtomicFile.write(Array(bytes), to: healthPath(server), followLinks: false)
        }
    }

    /// What was saved for this server (same id and same base URL); empty when nothing was.
    public func restore(_ server: ServerConfig) -> ServerSnapshot {
        var snapshot = ServerSnapshot()
        if let bytes = try? AtomicFile.read(configPath(server), followLinks: false),
           let file = try? JSONDecoder().decode(ConfigFile.self, from: Data(bytes)),
           file.baseUrl == server.baseUrl {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            snapshot.config = try? encoder.encode(file.config)
        }
        if let bytes = try? AtomicFile.read(healthPath(server), followLinks: false),
           let file = try? JSONDecoder().decode(HealthFile.self, from: Data(bytes)),
           file.baseUrl == server.baseUrl, file.status.serverId == server.id {
            snapshot.health = file.status
        }
        return snapshot
    }

    private struct ConfigFile: Codable {
        var baseUrl: String
        var config: JSONValue
    }

    private struct HealthFile: Codable {
        var baseUrl: String
        var status: DetailedStatus
    }
}
