import Foundation
import Testing
import BackendClient
import SettingsStore
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
