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

    /// Writes what is known; parts that are nil keep their previous file. The config is kept
    /// as the server sent it (cleaned, numbers as their text), sorted for stable bytes.
    public func save(_ snapshot: ServerSnapshot, for server: ServerConfig) throws {
        if let config = snapshot.config, let value = JSON.parse(Array(config)) {
            let file: JSON = ["baseUrl": .string(server.baseUrl), "config": value]
            try AtomicFile.write(file.fileBytes(), to: configPath(server), followLinks: false)
        }
        if let health = snapshot.health {
            let file: JSON = ["baseUrl": .string(server.baseUrl), "status": health.json]
            try AtomicFile.write(file.fileBytes(), to: healthPath(server), followLinks: false)
        }
    }

    /// What was saved for this server (same id and same base URL); empty when nothing was.
    public func restore(_ server: ServerConfig) -> ServerSnapshot {
        var snapshot = ServerSnapshot()
        if let file = read(configPath(server)), file["baseUrl"]?.stringValue == server.baseUrl,
           let config = file["config"] {
            snapshot.config = Data(config.written(.canonical).utf8)
        }
        if let file = read(healthPath(server)), file["baseUrl"]?.stringValue == server.baseUrl,
           let status = file["status"].flatMap(DetailedStatus.init(json:)), status.serverId == server.id {
            snapshot.health = status
        }
        return snapshot
    }

    private func read(_ path: String) -> JSON? {
        guard let bytes = try? AtomicFile.read(path, followLinks: false) else { return nil }
        return JSON.parse(bytes)
    }
}
