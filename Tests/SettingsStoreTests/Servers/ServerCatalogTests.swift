import SettingsStore
import Testing

@Suite("ServerCatalog: prefilled and custom servers (docs/PRODUCT.md: Servers)")
struct ServerCatalogTests {
    @Test("the three prefilled servers, in order, with their fields")
    func prefilled() {
        let servers = ServerCatalog.prefilled
        #expect(servers.map(\.id) == ["pn51", "mac-mini", "mac-mini-tailscale"])
        #expect(servers.map(\.baseUrl) == ["https://verbumcare-lab.local/api", "https://verbumcaremac-mini/api",
                                           "https://verbumcarenomac-mini.local/api"])
        #expect(servers.map(\.displayName) == ["pn51", "Mac Mini", "Mac Mini Tailscale"])
        #expect(servers.map(\.name) == ["verbumcare-lab.local", "verbumcaremac-mini", "verbumcarenomac-mini.local"])
        #expect(servers.map(\.wsUrl) == ["wss://verbumcare-lab.local", "wss://verbumcaremac-mini",
                                         "wss://verbumcarenomac-mini.local"])
        #expect(servers.map(\.isDefault) == [true, false, false])
        #expect(servers.map(\.hostKind) == [.mdns, .singleLabel, .mdns])
        for server in servers {
            #expect(server.isPrefilled && !server.isCustom)
            #expect(server.healthCheckEndpoints == ["/health"])
            #expect(server.connectionTimeout == 10_000)
            #expect(server.retryAttempts == 3)
            #expect(!server.description.isEmpty)
            #expect(AddressValidator.validate(server.baseUrl).isValid)
            #expect(AddressValidator.validate(server.baseUrl).normalizedAddress == server.baseUrl)
        }
        #expect(Set(servers.map(\.description)).count == 3)
        #expect(ServerCatalog.defaultServer.id == "pn51")
        #expect(ServerCatalog.defaultServer.id == ServerCatalog.defaultServerId)
        #expect(ServerCatalog.prefilledServers(connectionTimeoutSeconds: 30).map(\.connectionTimeout)
                == [30_000, 30_000, 30_000])
    }

    @Test("customId follows docs/PRODUCT.md: Derived addresses and custom server ids", arguments: [
        ("https://ward3.example.org/api", "custom-ward3-example-org"),
        ("https://ward3.example.org:443/api", "custom-ward3-example-org"),
        ("https://ward3.example.org:8443/api", "custom-ward3-example-org-8443"),
        ("https://ward3.local/care/api", "custom-ward3-local-care"),
        ("https://10.0.0.5:3000/Ward%203/v2/api", "custom-10-0-0-5-3000-ward-203-v2"),
        ("https://h.example/--x--/api", "custom-h-example-x"),
        ("https://h.example/---/api", "custom-h-example"),
    ])
    func customId(base: String, id: String) throws {
        let address = try #require(ServerAddress(baseURL: base))
        #expect(ServerCatalog.customId(for: address) == id)
    }

    @Test("customServer builds a custom ServerConfig")
    func customServer() throws {
        let server = try #require(ServerCatalog.customServer(address: "https://ward3.example.org:8443/v2/api",
                                                             connectionTimeoutSeconds: 15))
        #expect(server.id == "custom-ward3-example-org-8443-v2")
        #expect(server.name == "ward3.example.org")
        #expect(server.displayName == "ward3.example.org:8443/v2")
        #expect(server.baseUrl == "https://ward3.example.org:8443/v2/api")
        #expect(server.wsUrl == "wss://ward3.example.org:8443/v2")
        #expect(server.isCustom && !server.isPrefilled && !server.isDefault)
        #expect(server.connectionTimeout == 15_000)
        #expect(server.retryAttempts == 3)
        #expect(server.healthCheckEndpoints == ["/health"])
        #expect(server.hostKind == .fqdn)

        let plain = try #require(ServerCatalog.customServer(address: "https://ward3.example.org/api",
                                                            connectionTimeoutSeconds: 10))
        #expect(plain.displayName == "ward3.example.org")
        #expect(ServerCatalog.customServer(address: "https://ward3.example.org", connectionTimeoutSeconds: 10) == nil)
        #expect(ServerCatalog.customServer(address: "nonsense", connectionTimeoutSeconds: 10) == nil)
        // An absurd timeout does not trap.
        #expect(ServerCatalog.customServer(address: "https://a.example/api", connectionTimeoutSeconds: .max) != nil)
    }

    @Test("availableServers: prefilled first, custom in order, invalid and duplicates skipped")
    func available() {
        let servers = ServerCatalog.availableServers(
            customAddresses: [
                "https://ward3.example.org/api",
                "http://ward4.example.org/api",            // invalid: http
                "https://VERBUMCARE-LAB.local:443/API/",   // same as pn51
                "https://ward5.local:8443/api",
                "https://Ward3.Example.org//api/",         // same as the first custom one
                "https://localhost/api",                   // forbidden
                "garbage",
            ],
            connectionTimeoutSeconds: 20)
        #expect(servers.map(\.id) == ["pn51", "mac-mini", "mac-mini-tailscale",
                                      "custom-ward3-example-org", "custom-ward5-local-8443"])
        #expect(servers.allSatisfy { $0.connectionTimeout == 20_000 })
        #expect(servers.suffix(2).allSatisfy { $0.isCustom })
        #expect(Set(servers.map(\.id)).count == servers.count)
    }

    @Test("availableServers in development keeps a local http server")
    func availableDevelopment() {
        let custom = ["http://localhost:3000/api"]
        #expect(ServerCatalog.availableServers(customAddresses: custom, connectionTimeoutSeconds: 10).count == 3)
        let dev = ServerCatalog.availableServers(customAddresses: custom, connectionTimeoutSeconds: 10,
                                                 environment: .development)
        #expect(dev.map(\.id).last == "custom-localhost-3000")
        #expect(dev.last?.wsUrl == "ws://localhost:3000")
    }

    @Test("ids stay unique when two addresses map to the same docs/PRODUCT.md id")
    func idCollision() throws {
        let servers = ServerCatalog.availableServers(
            customAddresses: ["https://a.example/api", "https://a-example/api", "https://h.example:8443/api",
                              "https://h.example-8443/api"],
            connectionTimeoutSeconds: 10)
        let ids = servers.dropFirst(3).map(\.id)
        #expect(ids.count == 4)
        #expect(Set(servers.map(\.id)).count == servers.count)
        #expect(ids[0] == "custom-a-example")
        #expect(ids[1].hasPrefix("custom-a-example-") && ids[1].count == "custom-a-example-".count + 8)
        #expect(ids[2] == "custom-h-example-8443")
        #expect(ids[3].hasPrefix("custom-h-example-8443-"))
        // The suffix depends only on the address, so it is the same in every run.
        let again = ServerCatalog.availableServers(customAddresses: ["https://a.example/api", "https://a-example/api"],
                                                   connectionTimeoutSeconds: 10)
        #expect(again.last?.id == ids[1])
    }

    @Test("lookup helpers")
    func lookups() {
        let servers = ServerCatalog.availableServers(customAddresses: ["https://ward3.example.org/v2/api"],
                                                     connectionTimeoutSeconds: 10)
        #expect(ServerCatalog.server(id: "mac-mini", in: servers)?.displayName == "Mac Mini")
        #expect(ServerCatalog.server(id: "nope", in: servers) == nil)
        #expect(ServerCatalog.server(matchingAddress: " https://VerbumCare-Lab.local/API/ ", in: servers)?.id == "pn51")
        #expect(ServerCatalog.server(matchingAddress: "https://ward3.example.org:443//v2/api", in: servers)?.id
                == "custom-ward3-example-org-v2")
        #expect(ServerCatalog.server(matchingAddress: "https://ward3.example.org/api", in: servers) == nil)
        #expect(ServerCatalog.server(matchingAddress: "not a url", in: servers) == nil)
        #expect(ServerCatalog.normalizedKey("HTTPS://H.example:443/Api") == "https://h.example/api")
        #expect(ServerCatalog.normalizedKey("https://h.example") == nil)
    }
}
