import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

@Suite struct RetryPolicyTests {
    @Test func delaysFollowTheFormulaAndTheCap() async {
        let policy = zip(Gen.double(in: 0.001...5), Gen.double(in: 1...4), Gen.double(in: 0.5...120))
            .map { RetryPolicy(maxRetries: 3, initialDelay: $0, multiplier: $1, maxDelay: $2) }
        await propertyCheck(count: 200, input: policy, Gen.int(in: 1...80)) { policy, retry in
            let expected = min(policy.initialDelay * pow(policy.multiplier, Double(retry - 1)), policy.maxDelay)
            let delay = policy.delay(beforeRetry: retry)
            #expect(abs(delay - expected) <= 1e-9 * max(1, expected))
            #expect(delay <= policy.maxDelay)
            #expect(delay >= policy.delay(beforeRetry: max(1, retry - 1)))
        }
    }

    @Test func defaultsAreOneTwoFourSecondsCappedAtSixty() {
        let policy = RetryPolicy()
        #expect(policy.maxRetries == 3)
        #expect([1, 2, 3, 4, 7, 8, 100].map(policy.delay(beforeRetry:)) == [1, 2, 4, 8, 60, 60, 60])
    }

    @Test func onlyIdempotentMethodsAndRetryableErrorsAreRetried() async {
        let codes = ConnectivityErrorCodeBox.generator
        await propertyCheck(count: 200, input: Gen<HTTPMethod>.case, codes, Gen.int(in: 0...6)) { method, box, retries in
            let error = box.error
            let policy = RetryPolicy(maxRetries: 3)
            let expected = [.get, .put, .delete].contains(method) && error.isRetryable && retries < 3
            #expect(policy.shouldRetry(method: method, error: error, retriesSoFar: retries) == expected)
            // docs/PRODUCT.md: retried are network failures, timeouts and 5xx answers, nothing else.
            let is5xx = error.httpStatus.map { (500...599).contains($0) } ?? false
            #expect(error.isRetryable == ([.dns, .connect, .timeout].contains(error.code) || is5xx))
        }
    }
}

/// Every way a request can fail, as the client reports it.
struct ConnectivityErrorCodeBox: Sendable {
    var error: ClientError

    static let all: [ConnectivityErrorCodeBox] =
        ConnectivityErrorCode.allCases.filter { $0 != .httpStatus }.map { ConnectivityErrorCodeBox(error: .transport($0, message: "x")) }
        + [301, 400, 401, 403, 404, 409, 500, 502, 503].map { ConnectivityErrorCodeBox(error: .httpAnswer(status: $0)) }

    static let generator = Gen.int(in: 0...(all.count - 1)).map { all[$0] }
}
