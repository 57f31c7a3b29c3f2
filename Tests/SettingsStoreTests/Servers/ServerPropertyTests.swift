import TestSupport
import PropertyBased
import SettingsStore
import Testing

/// Properties of derived addresses and the server list (docs/PRODUCT.md: Derived addresses and custom server ids) over generated addresses.
@Suite("Servers: properties")
struct ServerPropertyTests {
    @Test("derived URLs hang off the root, and the root never ends in /api")
    func derivedURLs() async {
        var checked = 0
        await propertyCheck(count: 300, input: AddressGen.mostlyValid) { input in
            for environment in [AppEnvironment.production, .development] {
                let result = AddressValidator.validate(input, environment: environment)
                guard result.isValid else { continue }
                guard let address = ServerAddress(baseURL: result.normalizedAddress) else {
                    Issue.record("accepted address does not parse: \(result.normalizedAddress)")
                    continue
                }
                checked += 1
                let root = address.rootURL
                #expect(address.baseURL == result.normalizedAddress)
                #expect(address.baseURL == root + "/api")
                #expect(address.healthURL == root + "/health")
                #expect(address.socketURL == root + "/socket.io/")
                // The root's path never ends in an api segment (a host may be called "api").
                #expect(AddressValidatorPropertyTests.pathSegments(of: root).last?.lowercased() != "api")
                #expect(address.prefixSegments.last?.lowercased() != "api")
                #expect(!root.hasSuffix("/"))
                let wsScheme = address.scheme == "https" ? "wss" : "ws"
                #expect(address.wsURL == wsScheme + root.dropFirst(address.scheme.count))
                #expect(address.hostKind == result.hostKind)
                #expect(ServerAddress(baseURL: root + "/api") == address)
                #expect(ServerAddress(baseURL: address.healthURL) == nil)
            }
        }
        #expect(checked >= 100)
    }

    @Test("apiURL never doubles a slash and keeps the base URL as its prefix")
    func apiURLJoins() async {
        let paths = shrinking { rng in
            let pieces = (0..<AddressGen.int(0...4, &rng)).map { _ in AddressGen.pick(["config", "auth", "me", "", "x-y"], &rng) }
            var text = ""
            for piece in pieces {
                text += String(repeating: "/", count: AddressGen.int(0...3, &rng)) + piece
            }
            return text
        }
        await propertyCheck(count: 200, input: AddressGen.mostlyValid, paths) { input, path in
            let result = AddressValidator.validate(input)
            guard result.isValid, let address = ServerAddress(baseURL: result.normalizedAddress) else { return }
            let url = address.apiURL(path: path)
            #expect(url.hasPrefix(address.baseURL))
            #expect(!url.dropFirst("https://".count).contains("//"), "\(url)")
            let expectedTail = path.split(separator: "/").map { "/" + $0 }.joined()
            #expect(url.hasPrefix(address.baseURL + expectedTail))
        }
    }

    @Test("availableServers: prefilled first, unique ids and addresses, every custom one valid and normalized")
    func availableServers() async {
        let lists = shrinking { rng in
            (0..<AddressGen.int(0...12, &rng)).map { _ in
                AddressGen.chance(0.15, &rng)
                    ? AddressGen.pick(["https://verbumcare-lab.local/api", "HTTPS://VerbumCareMac-Mini/API/"], &rng)
                    : AddressGen.urlString(&rng, validBias: 0.9)
            }
        }
        var customSeen = 0
        await propertyCheck(count: 200, input: lists) { addresses in
            let servers = ServerCatalog.availableServers(customAddresses: addresses, connectionTimeoutSeconds: 12)
            #expect(Array(servers.prefix(3)) == ServerCatalog.prefilledServers(connectionTimeoutSeconds: 12))
            #expect(Set(servers.map(\.id)).count == servers.count)
            let keys = servers.compactMap { ServerCatalog.normalizedKey($0.baseUrl) }
            #expect(keys.count == servers.count)
            #expect(Set(keys).count == keys.count)
            let custom = servers.dropFirst(3)
            customSeen += custom.count
            for server in custom {
                #expect(server.isCustom && !server.isPrefilled && !server.isDefault)
                let check = AddressValidator.validate(server.baseUrl)
                #expect(check.isValid)
                #expect(check.normalizedAddress == server.baseUrl)
                #expect(server.id.hasPrefix("custom-"))
                #expect(server.id.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" })
                #expect(ServerCatalog.server(matchingAddress: server.baseUrl, in: servers) == server)
            }
            // Every valid input address is in the list, once.
            let validKeys = Set(addresses.map { AddressValidator.validate($0) }.filter(\.isValid).map(\.normalizedAddress))
            #expect(validKeys.isSubset(of: Set(keys)))
            #expect(custom.count == validKeys.subtracting(servers.prefix(3).map(\.baseUrl)).count)
        }
        #expect(customSeen >= 100)
    }
}
