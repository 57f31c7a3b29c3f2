import Localization
import PropertyBased
import SettingsStore
import Testing

/// The shared homes of issue 19: one milliseconds figure, one server name.
@Suite("shared texts")
struct SharedTextTests {
    @Test("a response time's figure: <1 below a millisecond, never 0; rounded above; ? for what is no time")
    func millisecondsFigure() async {
        #expect(MillisecondsText.figure(0) == "<1")
        #expect(MillisecondsText.figure(0.49) == "<1")
        #expect(MillisecondsText.figure(1) == "1")
        #expect(MillisecondsText.figure(12.5) == "13")
        #expect(MillisecondsText.figure(-1) == "?")
        #expect(MillisecondsText.figure(.nan) == "?")
        #expect(MillisecondsText.figure(.infinity) == "?")
        await propertyCheck(count: 200, input: Gen.double(in: 1...1e7)) { value in
            #expect(MillisecondsText.figure(value) == String(Int(value.rounded())))
        }
    }

    @Test("a server's name: the catalog's for prefilled ones, the display name for custom ones, a former name for removed ones",
          arguments: AppLanguage.allCases)
    func serverNames(_ language: AppLanguage) throws {
        let localizer = Localizer(language: language)
        for server in ServerCatalog.prefilled {
            #expect(ServerNames.name(server, localizer: localizer) == localizer.text("server.\(server.id).name"))
            #expect(ServerNames.name(id: server.id, servers: [], formerNames: [:], localizer: localizer)
                    == localizer.text("server.\(server.id).name"))
        }
        let custom = try #require(ServerCatalog.customServer(address: "https://ward3.example.org/api", connectionTimeoutSeconds: 10))
        #expect(ServerNames.name(custom, localizer: localizer) == ServerNames.stored(custom))
        #expect(!ServerNames.stored(custom).isEmpty)
        #expect(ServerNames.name(id: custom.id, servers: [custom], formerNames: [:], localizer: localizer) == ServerNames.stored(custom))
        #expect(ServerNames.name(id: custom.id, servers: [], formerNames: [custom.id: "ward3"], localizer: localizer) == "ward3")
        #expect(ServerNames.name(id: "custom-gone", servers: [], formerNames: [:], localizer: localizer) == "custom-gone")
    }
}
