import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

@Suite struct APIClientTests {
    static let headerName = Gen.letter.string(of: 1...10).map { "X-\($0)" }
    static let headerValue = Gen.letterOrNumber.string(of: 0...16)
    static let callerHeaders = zip(headerName, headerValue).array(of: 0...5)
        .map { pairs in Dictionary(pairs, uniquingKeysWith: { first, _ in first }) }
    static let token = Gen.letterOrNumber.string(of: 8...40).optional

    static func client(token: String?, transport: any HTTPTransport, retry: RetryPolicy = RetryPolicy(),
                       sleep: @escaping @Sendable (Double) async throws -> Void = { _ in }) -> APIClient {
        let store = InMemoryTokenStore(token.map { AuthTokens(accessToken: $0, refreshToken: "r-\($0)") })
        return APIClient(baseURL: "https://server.example/api", retryPolicy: retry, tokenStore: store,
                         transport: transport, clock: AppClock(sleep: sleep))!
    }

    @Test func bearerHeaderWhenATokenExistsAndCallerHeadersKept() async {
        await propertyCheck(count: 150, input: Gen<HTTPMethod>.case, Self.token, Self.callerHeaders) { method, token, headers in
            let transport = ScriptedTransport { _, _ in ScriptedTransport.status(200) }
            let client = Self.client(token: token, transport: transport)
            let request = APIRequest(method: method, path: "/auth/me", headers: APIClient.headerList(headers),
                                     body: method == .get ? nil : Data("{}".utf8))
            _ = try? await client.send(request)
            let sent = transport.recorded
            #expect(sent.count == 1)
            guard let outgoing = sent.first else { return }
            #expect(outgoing.method == method)
            #expect(outgoing.url == "https://server.example/api/auth/me")
            #expect(outgoing.headers.value(for: "authorization") == token.map { "Bearer \($0)" })
            for (name, value) in headers {
                #expect(outgoing.headers.contains(HTTPHeader(name: name, value: value)))
            }
        }
    }

    @Test func callerAuthorizationWinsAndNoneSendsNoToken() async throws {
        let transport = ScriptedTransport { _, _ in ScriptedTransport.status(200) }
        let client = Self.client(token: "stored", transport: transport)
        _ = try await client.get("/x", headers: ["Authorization": "Bearer mine"])
        _ = try await client.send(APIRequest(method: .post, path: "/auth/login", authorization: .none))
        #expect(transport.recorded.map { $0.headers.value(for: "Authorization") } == ["Bearer mine", nil])
    }

    @Test func keepsFailingMeansRetriesPlusOneAttemptsForIdempotentMethodsOnly() async {
        let failures = ConnectivityErrorCodeBox.generator
        await propertyCheck(count: 200, input: Gen<HTTPMethod>.case, Gen.int(in: 0...5), failures) { method, maxRetries, box in
            let failure = box.error
            let transport = ScriptedTransport { _, _ in
                if let status = failure.httpStatus {
                    return ScriptedTransport.status(status)
                }
                return .failure(failure)
            }
            let sleeper = SleepRecorder()
            let policy = RetryPolicy(maxRetries: maxRetries, initialDelay: 0.5, multiplier: 3, maxDelay: 5)
            let client = APIClient(baseURL: "https://s.example/api", retryPolicy: policy,
                                   transport: transport, clock: AppClock(sleep: sleeper.sleep))!
            do throws(ClientError) {
                _ = try await client.send(APIRequest(method: method, path: "/thing"))
                Issue.record("a request that always fails succeeded")
            } catch {
                #expect(error.code == failure.code)
            }
            let retried = method.isIdempotent && failure.isRetryable
            #expect(transport.count == (retried ? maxRetries + 1 : 1))
            #expect(sleeper.recorded == (retried ? (0..<maxRetries).map { policy.delay(beforeRetry: $0 + 1) } : []))
        }
    }

    @Test func aRequestThatSucceedsAfterFailuresReturnsTheAnswer() async throws {
        let transport = ScriptedTransport { _, number in
            number < 3 ? ScriptedTransport.status(503) : ScriptedTransport.status(200, body: #"{"ok":true}"#)
        }
        let client = Self.client(token: nil, transport: transport)
        let response = try await client.get("/config")
        #expect(response.status == 200)
        #expect(transport.count == 3)
    }

    @Test func errorsCarryCodeKindAndSanitizedServerMessage() async {
        let transport = ScriptedTransport { _, _ in
            ScriptedTransport.status(404, body: #"{"error":"no \u001b[31mroute\u001b]0;pwned\u0007 here"}"#)
        }
        let client = Self.client(token: nil, transport: transport)
        do throws(ClientError) {
            _ = try await client.get("/missing")
            Issue.record("404 succeeded")
        } catch {
            #expect(error.code == .httpStatus)
            #expect(error.kind == .client)
            #expect(error.httpStatus == 404)
            #expect(error.message == "HTTP 404: no route here")
            #expect(error.connectivityError.parameters["status"] == "404")
        }
    }

    @Test func redirectsAreRefusedNotFollowed() async {
        let transport = ScriptedTransport { _, _ in
            .success(TransportResponse(status: 301, body: Data(), timings: CheckTimings(),
                                       redirectURL: "http://server.example/api/x"))
        }
        let client = Self.client(token: nil, transport: transport)
        await #expect(throws: ClientError.self) { _ = try await client.get("/x") }
        do throws(ClientError) {
            _ = try await client.get("/x")
        } catch {
            #expect(error.code == .redirectRefused)
            #expect(error.message.contains("http://server.example/api/x"))
        }
        #expect(transport.count == 2, "no retry, no follow")
    }
}

@Suite struct APIClientURLTests {
    static let segment = Gen.letterOrNumber.string(of: 1...8)
    static let slashes = Gen.int(in: 0...3).map { String(repeating: "/", count: $0) }

    @Test func pathsAreJoinedToTheBaseURLExactlyOnce() async {
        // A prefix segment spelled `api` (any case) right before the final `api` is collapsed by
        // the address's normalization (`URLParts.normalize`: no address holds `/api/api`), which
        // AddressValidatorTableTests and AddressValidatorPropertyTests cover; here the prefix is
        // another word, so the expected URL is the base as written.
        let prefixSegment = Self.segment.map { $0.lowercased() == "api" ? $0 + "x" : $0 }
        let prefix = prefixSegment.array(of: 0...2).map { $0.map { "/" + $0 }.joined() }
        let base = zip(Self.segment, prefix, Self.slashes).map { host, prefix, trailing in
            "https://\(host.lowercased()).example\(prefix)/api\(trailing)"
        }
        let path = zip(Self.slashes, Self.segment.array(of: 1...4)).map { leading, parts in leading + parts.joined(separator: "/") }
        await propertyCheck(count: 200, input: base, path) { base, path in
            let transport = ScriptedTransport { _, _ in ScriptedTransport.status(200) }
            let client = APIClient(baseURL: base, transport: transport)!
            _ = try? await client.get(path)
            let url = try #require(transport.recorded.first?.url)
            let cleanBase = String(base.reversed().drop { $0 == "/" }.reversed())
            let cleanPath = path.drop { $0 == "/" }
            #expect(url == cleanBase + "/" + cleanPath)
            #expect(!url.dropFirst("https://".count).contains("//"))
        }
    }
}
