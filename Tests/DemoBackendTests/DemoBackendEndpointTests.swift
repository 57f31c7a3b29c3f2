import Foundation
import Testing
import TestSupport

/// One backend for the read-mostly endpoint tests: they never change a mode, and each signs in on its own.
/// Started once, off the cooperative pool: a synchronous start inside a lazy global held one pool
/// thread in `poll` and the other in the global's once-lock while python and openssl started, so
/// for that time no other test in the process could run (seen with gdb in a full run).
private enum SharedBackend {
    static let started = Task { try await DemoBackendProcess.start() }
    static func get() async throws -> DemoBackendProcess { try await started.value }
}

private let login = ["-H", "Content-Type: application/json", "-X", "POST"]

private func loginBody(_ username: String? = "demo", _ password: String? = "demo",
                       _ deviceInfo: [String: String]? = ["platform": "tui", "deviceId": "test"]) -> String {
    var body: [String: Any] = [:]
    if let username { body["username"] = username }
    if let password { body["password"] = password }
    if let deviceInfo { body["deviceInfo"] = deviceInfo }
    let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// Signs in as demo/demo on `server` and returns (accessToken, refreshToken).
func signIn(_ backend: DemoBackendProcess, _ server: String = "pn51") async throws -> (String, String) {
    let result = try await backend.curl(server, "/api/auth/login", login + ["--data", loginBody()])
    let data = try #require(result.json?["data"] as? [String: Any], "\(result.bodyText)")
    let access = try #require(data["accessToken"] as? String)
    let refresh = try #require(data["refreshToken"] as? String)
    return (access, refresh)
}

@Suite("Demo backend: docs/PRODUCT.md: The backend's API contract endpoints")
struct DemoBackendEndpointTests {
    @Test("GET /health answers 200 healthy JSON on every prefilled server",
          arguments: DemoBackendProcess.prefilledServerIDs)
    func health(server: String) async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl(server, "/health")
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.httpCode == 200)
        #expect(result.writeOut["content_type"]?.hasPrefix("application/json") == true)
        let json = try #require(result.json, "\(result.bodyText)")
        #expect(json["status"] as? String == "healthy")
        #expect(json["environment"] as? String == "demo")
        let timestamp = try #require(json["timestamp"] as? String)
        #expect(ISO8601DateFormatter.withFractionalSeconds.date(from: timestamp) != nil, "\(timestamp)")
    }

    @Test func apiHealthIsNotFound() async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("mac-mini", "/api/health")
        #expect(result.exitCode == 0)
        #expect(result.httpCode == 404)
    }

    @Test("GET /api/config has every field of the contract", arguments: DemoBackendProcess.prefilledServerIDs)
    func config(server: String) async throws {
        let backend = try await SharedBackend.get()
        let host = try #require(backend.host(of: server))
        let result = try await backend.curl(server, "/api/config")
        #expect(result.httpCode == 200)
        let json = try #require(result.json, "\(result.bodyText)")
        #expect(json["apiUrl"] as? String == "https://\(host)/api")
        #expect(json["wsUrl"] as? String == "wss://\(host)")
        #expect((json["hostname"] as? String)?.isEmpty == false)
        #expect((json["mdnsUrl"] as? String)?.hasPrefix("https://") == true)
        #expect((json["availableIPs"] as? [String])?.isEmpty == false)
        #expect(json["timestamp"] is String)
        #expect(json["version"] is String)
        #expect(json["offline"] as? Bool == false)
    }

    @Test func loginAnswersTokensAndUser() async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("pn51", "/api/auth/login", login + ["--data", loginBody()])
        #expect(result.httpCode == 200)
        let json = try #require(result.json, "\(result.bodyText)")
        #expect(json["success"] as? Bool == true)
        let data = try #require(json["data"] as? [String: Any])
        #expect((data["accessToken"] as? String)?.isEmpty == false)
        #expect((data["refreshToken"] as? String)?.isEmpty == false)
        #expect((data["expiresIn"] as? Int ?? 0) > 0)
        let user = try #require(data["user"] as? [String: Any])
        #expect(user["username"] as? String == "demo")
        #expect(user["password"] == nil)
    }

    @Test func loginWithBadCredentialsIs401WithEnglishAndJapanese() async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("pn51", "/api/auth/login", login + ["--data", loginBody("demo", "wrong")])
        #expect(result.httpCode == 401)
        let json = try #require(result.json, "\(result.bodyText)")
        #expect(json["success"] as? Bool == false)
        let error = try #require(json["error"] as? String)
        let message = try #require(json["message"] as? String)
        let englishIsASCII = error.unicodeScalars.allSatisfy { $0.isASCII }
        let messageHasKana = message.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
        #expect(englishIsASCII, "\(error)")
        #expect(messageHasKana, "\(message)")
    }

    @Test("POST /api/auth/login without a field is 400", arguments: ["username", "password", "deviceInfo"])
    func loginWithMissingField(field: String) async throws {
        let backend = try await SharedBackend.get()
        let body = loginBody(field == "username" ? nil : "demo", field == "password" ? nil : "demo",
                             field == "deviceInfo" ? nil : ["platform": "tui"])
        let result = try await backend.curl("pn51", "/api/auth/login", login + ["--data", body])
        #expect(result.httpCode == 400)
        let json = try #require(result.json, "\(result.bodyText)")
        #expect((json["error"] as? String)?.contains(field) == true)
        #expect(json["message"] is String)
    }

    @Test func meAnswersTheUserForAValidToken() async throws {
        let backend = try await SharedBackend.get()
        let (access, _) = try await signIn(backend)
        let result = try await backend.curl("pn51", "/api/auth/me", bearer(access))
        #expect(result.httpCode == 200)
        let data = try #require(result.json?["data"] as? [String: Any], "\(result.bodyText)")
        for key in ["userId", "staffId", "username", "fullName", "role", "facilityId"] {
            #expect(data[key] is String, "\(key)")
        }
    }

    @Test("GET /api/auth/me is 401 without or with a bad token", arguments: [nil, "not-a-token"])
    func meWithoutValidToken(token: String?) async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("pn51", "/api/auth/me", token.map(bearer) ?? [])
        #expect(result.httpCode == 401)
        #expect(result.json?["error"] is String)
        #expect(result.json?["message"] is String)
    }

    @Test func tokensOfOneServerAreUnknownToAnother() async throws {
        let backend = try await SharedBackend.get()
        let (access, _) = try await signIn(backend, "pn51")
        let result = try await backend.curl("mac-mini", "/api/auth/me", bearer(access))
        #expect(result.httpCode == 401)
    }

    @Test func refreshGivesAWorkingAccessToken() async throws {
        let backend = try await SharedBackend.get()
        let (_, refresh) = try await signIn(backend)
        let result = try await backend.curl("pn51", "/api/auth/refresh",
                                            login + ["--data", "{\"refreshToken\":\"\(refresh)\"}"])
        #expect(result.httpCode == 200)
        let data = try #require(result.json?["data"] as? [String: Any], "\(result.bodyText)")
        let access = try #require(data["accessToken"] as? String)
        #expect((data["expiresIn"] as? Int ?? 0) > 0)
        let me = try await backend.curl("pn51", "/api/auth/me", bearer(access))
        #expect(me.httpCode == 200)
    }

    @Test func refreshWithAnUnknownTokenIs401() async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("pn51", "/api/auth/refresh",
                                            login + ["--data", "{\"refreshToken\":\"demo-rt-unknown\"}"])
        #expect(result.httpCode == 401)
    }

    @Test func logoutAnswers200AndEndsTheToken() async throws {
        let backend = try await SharedBackend.get()
        let (access, _) = try await signIn(backend)
        let result = try await backend.curl("pn51", "/api/auth/logout",
                                            login + ["--data", "{\"accessToken\":\"\(access)\"}"])
        #expect(result.httpCode == 200)
        let me = try await backend.curl("pn51", "/api/auth/me", bearer(access))
        #expect(me.httpCode == 401)
    }

    @Test func engineIOPollingHandshake() async throws {
        let backend = try await SharedBackend.get()
        let result = try await backend.curl("mac-mini-tailscale", "/socket.io/?EIO=4&transport=polling")
        #expect(result.httpCode == 200)
        #expect(result.bodyText.hasPrefix("0{"), "\(result.bodyText)")
        #expect(result.bodyText.contains("\"sid\""))
        let other = try await backend.curl("mac-mini-tailscale", "/socket.io/?EIO=3&transport=polling")
        #expect(other.httpCode == 400)
    }

    @Test func keepsConnectionsAlive() async throws {
        let backend = try await SharedBackend.get()
        let host = try #require(backend.rootURL(of: "mac-mini"))
        // Two URLs in one curl run: the second reuses the first's connection only if the server kept it open.
        var arguments = ["--cacert", backend.caFile, "--write-out", "%{num_connects}\n",
                         "-o", "/dev/null", "-o", "/dev/null"]
        for entry in backend.connectTo { arguments += ["--connect-to", entry] }
        let result = try await DemoBackendCurl.run(arguments + [host + "/health", host + "/health"])
        #expect(result.exitCode == 0)
        let counts = result.bodyText.split(separator: "\n").map(String.init)
        #expect(counts == ["1", "0"], "\(result.bodyText)")
    }
}

extension ISO8601DateFormatter {
    fileprivate static var withFractionalSeconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
