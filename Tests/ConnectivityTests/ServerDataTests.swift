import Foundation
import Testing
import BackendClient
import SettingsStore
import TestSupport
@testable import Connectivity

@Suite("Per-server data and credentials (docs/PRODUCT.md: Switching, fallback, server data and sign-in; docs/PRODUCT.md: Files)")
@MainActor
struct ServerDataTests {
    @Test func savedDataIsRestoredForTheSameServerOnly() throws {
        let home = try ConnectivityTestHome()
        let store = ServerDataStore(paths: home.paths)
        let pn51 = ServerCatalog.prefilled[0]
        let health = DetailedStatus(serverId: pn51.id, checks: [CheckResult(endpoint: .health, url: pn51.baseUrl,
                                                                          status: .success, httpStatus: 200,
                                                                          timings: CheckTimings(totalMs: 5), error: nil)],
                                    responseTime: 5, lastChecked: 1_800_000_000)
        try store.save(ServerSnapshot(config: Data(#"{"hostname":"pn51"}"#.utf8), health: health), for: pn51)
        let restored = store.restore(pn51)
        #expect(restored.health == health)
        let config = try #require(restored.config)
        let object = try JSONSerialization.jsonObject(with: config) as? [String: Any]
        #expect(object?["hostname"] as? String == "pn51")
        #expect(FileManager.default.fileExists(atPath: home.paths.serverCacheDirectory(serverId: "pn51") + "/config.json"))

        // The same id for another address (a re-used custom id) must not see it.
        var impostor = pn51
        impostor.baseUrl = "https://elsewhere.example/api"
        #expect(store.restore(impostor).isEmpty)
    }

    /// Every part of a result survives the cache, and a health.json written by earlier versions
    /// (Foundation's encoder, the `Codable` form) still reads; the config keeps numbers' text.
    @Test func everyPartOfAResultSurvivesTheCacheAndEarlierFilesStillRead() throws {
        let home = try ConnectivityTestHome()
        let store = ServerDataStore(paths: home.paths)
        let pn51 = ServerCatalog.prefilled[0]
        let error = ConnectivityError(code: .timeout, message: "timed out", parameters: ["seconds": "5", "host": "pn51"])
        let warning = ConnectivityError(code: .certExpiring, message: "ends", parameters: ["days": "3"])
        let certificate = CertificateInfo(subject: "CN=pn51", issuer: "CN=ca", sans: ["pn51.local", "10.0.0.5"],
                                          notBefore: 1_700_000_000.5, notAfter: 1_800_000_000, sha256: "ab01")
        let health = DetailedStatus(serverId: pn51.id, checks: [
            CheckResult(endpoint: .health, url: pn51.baseUrl + "/health", status: .success, httpStatus: 200,
                        timings: CheckTimings(dnsMs: 0.25, connectMs: 1, tlsMs: 2.5, firstByteMs: 3, totalMs: 4.125), error: nil),
            CheckResult(endpoint: .auth, url: pn51.baseUrl + "/auth/me", status: .failure, httpStatus: nil,
                        timings: CheckTimings(), error: error),
            CheckResult(endpoint: .websocket, url: "wss://x/socket.io/", status: .success, httpStatus: 200,
                        timings: CheckTimings(totalMs: 9), error: nil, pingInterval: 25_000, pingTimeout: 20_000),
        ], responseTime: 4.125, lastChecked: 1_800_000_000.75, certificate: certificate, warnings: [warning])
        let config = #"{"z":12345678901234567890,"a":[1.50,-0,"x/y"]}"#
        try store.save(ServerSnapshot(config: Data(config.utf8), health: health), for: pn51)
        let restored = store.restore(pn51)
        #expect(restored.health == health)
        #expect(restored.config.map { String(decoding: $0, as: UTF8.self) } == #"{"a":[1.50,-0,"x/y"],"z":12345678901234567890}"#)

        // What Foundation's JSONEncoder wrote for the earlier `Codable` form (sorted keys, "\/"
        // for every slash, absent optionals without a key), kept here as text: the types are
        // no longer `Codable`, the files they wrote still exist.
        let base = pn51.baseUrl.replacingOccurrences(of: "/", with: "\\/")
        let earlierText = #"""
        {"baseUrl":"\#(base)","status":{"certificate":{"issuer":"CN=ca","notAfter":1800000000,"notBefore":1700000000.5,\#
        "sans":["pn51.local","10.0.0.5"],"sha256":"ab01","subject":"CN=pn51"},"checks":[\#
        {"endpoint":"health","httpStatus":200,"status":"success",\#
        "timings":{"connectMs":1,"dnsMs":0.25,"firstByteMs":3,"tlsMs":2.5,"totalMs":4.125},"url":"\#(base)\/health"},\#
        {"endpoint":"auth","error":{"code":"timeout","message":"timed out","parameters":{"host":"pn51","seconds":"5"}},\#
        "status":"failure","timings":{"connectMs":0,"dnsMs":0,"firstByteMs":0,"tlsMs":0,"totalMs":0},\#
        "url":"\#(base)\/auth\/me"},\#
        {"endpoint":"websocket","httpStatus":200,"pingInterval":25000,"pingTimeout":20000,"status":"success",\#
        "timings":{"connectMs":0,"dnsMs":0,"firstByteMs":0,"tlsMs":0,"totalMs":9},"url":"wss:\/\/x\/socket.io\/"}],\#
        "lastChecked":1800000000.75,"responseTime":4.125,"serverId":"pn51",\#
        "warnings":[{"code":"cert_expiring","message":"ends","parameters":{"days":"3"}}]}}
        """#
        let earlier = Data(earlierText.utf8)
        try TestFile.write(earlier, to: store.healthPath(pn51))
        #expect(store.restore(pn51).health == health)
    }

    @Test func credentialsAreOwnerOnlyAndBoundToTheAddress() async throws {
        let home = try ConnectivityTestHome()
        let server = ServerCatalog.prefilled[1]
        let credentials = CredentialFileStore(paths: home.paths, server: server)
        #expect(await credentials.loadTokens() == nil)
        await credentials.saveTokens(AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
        #expect(await credentials.loadTokens() == AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
        let attributes = try FileManager.default.attributesOfItem(atPath: home.paths.credentialsFile(serverId: server.id))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        var moved = server
        moved.baseUrl = "https://other.example/api"
        #expect(await CredentialFileStore(paths: home.paths, server: moved).loadTokens() == nil)

        await credentials.clearTokens()
        #expect(await credentials.loadTokens() == nil)
    }
}
