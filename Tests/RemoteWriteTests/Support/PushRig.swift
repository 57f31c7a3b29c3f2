import AppCore
import BackendClient
import Foundation
import History
import Logging
import RemoteWrite
import SettingsStore
import TestSupport

/// A home with a history database of stamped rounds, a token file and a pusher (issue 28 tests).
struct PushRig {
    let home: TemporaryHome
    let paths: AppPaths
    let tokenFile: String
    let pusher: RemoteWritePusher
    static let servers = ["s1", "s2"]
    static let facility = "test-facility"

    init(name: String, logger given: Logger? = nil) throws {
        home = try TemporaryHome(prefix: "verbumcare-rw-\(name)")
        paths = AppPaths(configDirectory: home.configDirectory, stateDirectory: home.stateDirectory,
                         cacheDirectory: home.path + "/cache")
        try FileManager.default.createDirectory(atPath: home.stateDirectory, withIntermediateDirectories: true)
        tokenFile = home.path + "/token"
        try "test-token-0123456789abcdef\n".write(toFile: tokenFile, atomically: false, encoding: .utf8)
        chmod(tokenFile, 0o600)
        var logger = Logger(label: "test.remote-write")
        logger.logLevel = .critical
        pusher = RemoteWritePusher(paths: paths, logger: given ?? logger)
    }

    /// Rounds every 10 s from `from` (inclusive) to `to` (exclusive), Unix ms, both servers up
    /// (s2 down every fifth round), recorded as the monitor records them.
    func record(from: Int64, to: Int64) throws {
        guard case .success(let database) = HistoryDatabase.open(path: paths.stateDirectory + "/history.sqlite3",
                                                                  readOnly: false, now: to) else {
            throw TestSupportError.setupFailed("history did not open")
        }
        var at = from
        while at < to {
            let samples = Self.servers.enumerated().map { index, id in
                let ok = !(id == "s2" && (at / 10_000) % 5 == 0)
                // 1 ms past the 10 s mark, so no sample sits on a minute's edge of a range query.
                return ProbeSample(serverId: id, at: at + Int64(index) + 1, ok: ok, latencyMs: ok ? 12.5 : nil,
                                   reasonCode: ok ? nil : "timeout")
            }
            try database.record(samples)
            at += 10_000
        }
    }

    private func database() throws -> HistoryDatabase {
        guard case .success(let database) = HistoryDatabase.open(path: paths.stateDirectory + "/history.sqlite3",
                                                                  readOnly: true, now: Int64(Date().timeIntervalSince1970 * 1000)) else {
            throw TestSupportError.setupFailed("history did not open")
        }
        return database
    }

    func rawRows() throws -> [HistoryDatabase.RawRow] {
        try database().rawRows(after: 0, serverKey: 0, limit: 1_000_000)
    }

    func rawRowCount() throws -> Int { try rawRows().count }

    func configuration(url: String, caFile: String, since: Int64, batchRows: Int = 50,
                       timeoutMs: Int = 10_000) -> RemoteWritePusher.Configuration {
        RemoteWritePusher.Configuration(
            url: url, tokenFile: tokenFile,
            origin: RemoteWriteBatch.Origin(facility: Self.facility, box: "box-1"),
            transport: TransportSettings(caBundle: CABundle(path: caFile, source: .commandLine)),
            historyEnabled: true, since: since, batchRows: batchRows, timeoutMs: timeoutMs)
    }
}
