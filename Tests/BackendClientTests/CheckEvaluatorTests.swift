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

/// SPEC §5, §6.1 (issue 27 item 4): `auth` is a tick only for VerbumCare's own answer of
/// `/api/auth/me`; an HTML page or any other JSON shape is an error with its reason.
@Suite struct AuthAnswerShapeTests {
    @Test func onlyTheContractsAnswerIsATick() {
        let good = [
            #"{"success":true,"data":{"userId":"u1","staffId":"s1","username":"demo","fullName":"Demo","role":"nurse","facilityId":"f1"}}"#,
            #"{"success":true,"data":{"userId":42}}"#,
            #"{"success":true,"data":{"username":"demo"}}"#,
        ]
        for body in good {
            let verdict = CheckEvaluator.evaluate(.auth, response: CheckEvaluatorTests.response(200, body))
            #expect(verdict.status == .success && verdict.error == nil, "\(body)")
        }
        let html = ["<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>", "\n  <html><head></head></html>",
                    "<!-- proxy --><html></html>"]
        for body in html {
            let verdict = CheckEvaluator.evaluate(.auth, response: CheckEvaluatorTests.response(200, body))
            #expect(verdict.status == .failure, "\(body)")
            #expect(verdict.error?.code == .badResponse && verdict.error?.cause == .htmlPage, "\(body)")
        }
        let shapes = [#"{"status":"sick"}"#, #"{"status":"healthy"}"#, #"{"success":false,"data":{"userId":"u"}}"#,
                      #"{"success":"true","data":{"userId":"u"}}"#, #"{"success":true}"#, #"{"success":true,"data":[]}"#,
                      #"{"success":true,"data":{"userId":""}}"#, #"{"success":true,"data":{"role":"nurse"}}"#,
                      "[1,2]", "ok", ""]
        for body in shapes {
            let verdict = CheckEvaluator.evaluate(.auth, response: CheckEvaluatorTests.response(200, body))
            #expect(verdict.status == .failure, "\(body)")
            #expect(verdict.error?.code == .badResponse && verdict.error?.cause == .authShape, "\(body)")
        }
    }

    /// Any JSON object without `"success": true` and a user is never a tick, whatever its keys.
    @Test func noOtherObjectIsATick() async {
        let keys = Gen.element(of: ["status", "success", "data", "user", "userId", "username", "ok", "result"]).map { $0 ?? "ok" }
        let values = Gen.element(of: [#""sick""#, "true", "false", "1", "null", #"{}"#, #"{"role":"x"}"#, #"[]"#, #""""#])
            .map { $0 ?? "null" }
        let pairs = zip(keys, values).array(of: 0...5)
        await propertyCheck(count: 300, input: pairs) { pairs in
            let body = "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            let verdict = CheckEvaluator.evaluate(.auth, response: CheckEvaluatorTests.response(200, body))
            // None of these values names a user, so no combination is the contract's answer.
            #expect(verdict.status == .failure, "\(body)")
            #expect(verdict.error?.cause == .authShape, "\(body)")
        }
    }
}
