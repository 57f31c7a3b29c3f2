import SettingsStore
import Testing

@Suite("ServerAddress: derived addresses (docs/PRODUCT.md: Derived addresses and custom server ids)")
struct ServerAddressTests {
    @Test("each prefilled server's derived URLs", arguments: [
        ("https://verbumcare-lab.local/api", "https://verbumcare-lab.local", "wss://verbumcare-lab.local"),
        ("https://verbumcaremac-mini/api", "https://verbumcaremac-mini", "wss://verbumcaremac-mini"),
        ("https://verbumcarenomac-mini.local/api", "https://verbumcarenomac-mini.local", "wss://verbumcarenomac-mini.local"),
    ])
    func prefilled(base: String, root: String, ws: String) throws {
        let address = try #require(ServerAddress(baseURL: base))
        #expect(address.scheme == "https")
        #expect(address.port == nil)
        #expect(address.prefixSegments.isEmpty)
        #expect(address.baseURL == base)
        #expect(address.rootURL == root)
        #expect(address.healthURL == root + "/health")
        #expect(address.socketURL == root + "/socket.io/")
        #expect(address.wsURL == ws)
        #expect(address.apiURL(path: "/config") == root + "/api/config")
    }

    @Test("a prefixed path with a port")
    func prefixed() throws {
        let address = try #require(ServerAddress(baseURL: "https://h.example:8443/v2/api"))
        #expect(address.host == "h.example")
        #expect(address.port == 8443)
        #expect(address.prefixSegments == ["v2"])
        #expect(address.rootURL == "https://h.example:8443/v2")
        #expect(address.healthURL == "https://h.example:8443/v2/health")
        #expect(address.socketURL == "https://h.example:8443/v2/socket.io/")
        #expect(address.wsURL == "wss://h.example:8443/v2")
        #expect(address.apiURL(path: "auth/me") == "https://h.example:8443/v2/api/auth/me")
        #expect(ServerCatalog.customId(for: address) == "custom-h-example-8443-v2")

        let deep = try #require(ServerAddress(baseURL: "https://h.example/Care/Ward_3/api"))
        #expect(deep.prefixSegments == ["Care", "Ward_3"])
        #expect(deep.rootURL == "https://h.example/Care/Ward_3")
        #expect(ServerCatalog.customId(for: deep) == "custom-h-example-care-ward-3")
    }

    @Test("parsing normalizes like the validator")
    func normalizes() throws {
        let address = try #require(ServerAddress(baseURL: "  HTTPS://Ward3.Example.ORG:443//v2//API/ "))
        #expect(address.baseURL == "https://ward3.example.org/v2/api")
        #expect(address.port == nil)
        let v6 = try #require(ServerAddress(baseURL: "https://[2001:DB8:0:0::1]:3000/api"))
        #expect(v6.host == "2001:db8::1")
        #expect(v6.authority == "[2001:db8::1]:3000")
        #expect(v6.healthURL == "https://[2001:db8::1]:3000/health")
        #expect(v6.wsURL == "wss://[2001:db8::1]:3000")
        #expect(v6.hostKind == .ipv6)
        #expect(ServerCatalog.customId(for: v6) == "custom-2001-db8--1-3000")
    }

    @Test("not a base URL", arguments: [
        "", "https://h.example", "https://h.example/v2", "https://h.example/api?x=1", "https://h.example/api#f",
        "https://u:p@h.example/api", "https://h.example:0/api", "https://h_x/api", "ftp://h.example/api",
        "h.example/api", "https://h.example/api/health",
    ])
    func rejects(input: String) {
        #expect(ServerAddress(baseURL: input) == nil)
    }

    @Test("structural only: http (development) and loopback parse; http gives ws")
    func structuralOnly() throws {
        let local = try #require(ServerAddress(baseURL: "http://localhost:3000/api"))
        #expect(local.wsURL == "ws://localhost:3000")
        #expect(local.healthURL == "http://localhost:3000/health")
        let http80 = try #require(ServerAddress(baseURL: "http://h.example:80/api"))
        #expect(http80.port == nil)
        #expect(http80.baseURL == "http://h.example/api")
    }

    @Test("apiURL joins exactly once", arguments: [
        ("config", "/api/config"), ("/config", "/api/config"), ("//config", "/api/config"),
        ("auth//me", "/api/auth/me"), ("", "/api"), ("/", "/api"), ("auth/me/", "/api/auth/me/"),
        ("/config?x=1//2", "/api/config?x=1//2"), ("?EIO=4", "/api?EIO=4"),
    ])
    func apiURL(path: String, expected: String) throws {
        let address = try #require(ServerAddress(baseURL: "https://h.example/v2/api"))
        #expect(address.apiURL(path: path) == "https://h.example/v2" + expected)
    }
}
