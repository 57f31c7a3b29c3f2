import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

@Suite struct CheckEvaluatorTests {
    static func response(_ status: Int, _ body: String) -> TransportResponse {
        TransportResponse(status: status, body: Data(body.utf8), timings: CheckTimings(totalMs: 3))
    }

    @Test func contractAnswersSucceed() {
        let cases: [(CheckEndpoint, String)] = [
            (.health, #"{"status":"healthy","timestamp":"2026-01-01T00:00:00Z","environment":"demo"}"#),
            (.api, #"{"apiUrl":"https://x/api","availableIPs":[]}"#),
            (.auth, #"{"success":true,"data":{"userId":"u"}}"#),
            (.websocket, #"0{"sid":"abc","upgrades":["websocket"],"pingInterval":25000}"#),
        ]
        for (endpoint, body) in cases {
            let verdict = CheckEvaluator.evaluate(endpoint, response: Self.response(200, body))
            #expect(verdict.status == .success && verdict.error == nil, "\(endpoint)")
            // The handshake's values are passed on; a missing one stays nil.
            #expect(verdict.pingInterval == (endpoint == .websocket ? 25_000 : nil), "\(endpoint)")
            #expect(verdict.pingTimeout == nil, "\(endpoint)")
        }
        let full = CheckEvaluator.evaluate(.websocket, response: Self.response(200,
            #"0{"sid":"abc","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#))
        #expect(full.pingInterval == 25_000 && full.pingTimeout == 20_000)
    }

    @Test func authWithout401IsSuccessCarryingAuthRequired() {
        let verdict = CheckEvaluator.evaluate(.auth, response: Self.response(401, #"{"error":"no token"}"#))
        #expect(verdict.status == .success)
        #expect(verdict.error?.code == .authRequired)
        #expect(verdict.error?.parameters["status"] == "401")
    }

    @Test func wrongBodiesAreBadResponses() {
        let cases: [(CheckEndpoint, String)] = [
            (.health, #"{"status":"sick"}"#),
            (.health, "<html>nginx</html>"),
            (.health, #"["healthy"]"#),
            (.api, "<html></html>"),
            (.api, "[1,2]"),
            (.websocket, #"{"sid":"x"}"#),
            (.websocket, #"0{"nosid":1}"#),
        ]
        for (endpoint, body) in cases {
            let verdict = CheckEvaluator.evaluate(endpoint, response: Self.response(200, body))
            #expect(verdict.status == .failure, "\(endpoint) \(body)")
            #expect(verdict.error?.code == .badResponse, "\(endpoint) \(body)")
        }
    }

    @Test func everyOtherStatusFailsWithItsCode() async {
        let statuses = Gen.int(in: 201...599).filter { !($0 == 401) }
        await propertyCheck(count: 300, input: Gen<CheckEndpoint>.case, statuses) { endpoint, status in
            let verdict = CheckEvaluator.evaluate(endpoint, response: Self.response(status, #"{"status":"healthy"}"#))
            #expect(verdict.status == .failure)
            let expected: ConnectivityErrorCode = switch status {
            case 200...299: .badResponse
            case 300...399: .redirectRefused
            default: .httpStatus
            }
            #expect(verdict.error?.code == expected)
            if expected == .httpStatus {
                #expect(verdict.error?.parameters["status"] == String(status))
            }
        }
    }
}
