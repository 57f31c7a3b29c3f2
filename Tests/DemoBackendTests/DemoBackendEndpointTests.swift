import Foundation
import Testing
import TestSupport

@Suite("Demo backend: SPEC §5 endpoints")
struct DemoBackendEndpointTests {
    @Test func healthAnswersHealthyJSON() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        for id in DemoBackendProcess.prefilledServerIDs {
            let result = try await backend.curl(id, "/health")
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.httpCode == 200)
            #expect(result.writeOut["content_type"]?.hasPrefix("application/json") == true)
            #expect(result.json?["status"] as? String == "healthy")
            #expect(result.json?["environment"] as? String == "demo")
        }
    }
}
