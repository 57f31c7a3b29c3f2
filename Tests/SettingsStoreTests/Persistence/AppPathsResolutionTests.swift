import Foundation
import Testing
@testable import SettingsStore

@Suite("AppPaths resolution (docs/PRODUCT.md: Files; docs/PRODUCT.md: Environments)")
struct AppPathsResolutionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var environment: AppEnvironment = .production
        var home: String?
        var variables: [String: String]
        var config: String
        var state: String
        var cache: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "XDG unset", variables: ["HOME": "/home/ann"],
             config: "/home/ann/.config/verbumcare", state: "/home/ann/.local/state/verbumcare",
             cache: "/home/ann/.cache/verbumcare"),
        Case(name: "XDG set", variables: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/conf",
                                          "XDG_STATE_HOME": "/x/state", "XDG_CACHE_HOME": "/x/cache"],
             config: "/x/conf/verbumcare", state: "/x/state/verbumcare", cache: "/x/cache/verbumcare"),
        Case(name: "XDG with trailing slash", variables: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/conf/"],
             config: "/x/conf/verbumcare", state: "/home/ann/.local/state/verbumcare",
             cache: "/home/ann/.cache/verbumcare"),
        Case(name: "relative XDG ignored", variables: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "conf",
                                                       "XDG_STATE_HOME": "./state", "XDG_CACHE_HOME": ""],
             config: "/home/ann/.config/verbumcare", state: "/home/ann/.local/state/verbumcare",
             cache: "/home/ann/.cache/verbumcare"),
        Case(name: "--home", home: "/srv/vc", variables: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/conf"],
             config: "/srv/vc/config/verbumcare", state: "/srv/vc/state/verbumcare", cache: "/srv/vc/cache/verbumcare"),
        Case(name: "VERBUMCARE_HOME", variables: ["HOME": "/home/ann", "VERBUMCARE_HOME": "/srv/env",
                                                  "XDG_STATE_HOME": "/x/state"],
             config: "/srv/env/config/verbumcare", state: "/srv/env/state/verbumcare",
             cache: "/srv/env/cache/verbumcare"),
        Case(name: "--home wins over VERBUMCARE_HOME", home: "/srv/flag", variables: ["VERBUMCARE_HOME": "/srv/env"],
             config: "/srv/flag/config/verbumcare", state: "/srv/flag/state/verbumcare",
             cache: "/srv/flag/cache/verbumcare"),
        Case(name: "empty --home falls back to VERBUMCARE_HOME", home: "", variables: ["VERBUMCARE_HOME": "/srv/env"],
             config: "/srv/env/config/verbumcare", state: "/srv/env/state/verbumcare",
             cache: "/srv/env/cache/verbumcare"),
        Case(name: "staging", environment: .staging, variables: ["HOME": "/home/ann"],
             config: "/home/ann/.config/verbumcare-staging", state: "/home/ann/.local/state/verbumcare-staging",
             cache: "/home/ann/.cache/verbumcare-staging"),
        Case(name: "development with --home", environment: .development, home: "/h/", variables: [:],
             config: "/h/config/verbumcare-development", state: "/h/state/verbumcare-development",
             cache: "/h/cache/verbumcare-development"),
    ]

    @Test(arguments: cases)
    func resolves(_ c: Case) {
        let paths = AppPaths.resolve(environment: c.environment, home: c.home, environmentVariables: c.variables)
        #expect(paths == AppPaths(configDirectory: c.config, stateDirectory: c.state, cacheDirectory: c.cache))
    }

    @Test func relativeHomeIsMadeAbsoluteAgainstTheCurrentDirectory() {
        let cwd = FileManager.default.currentDirectoryPath
        let paths = AppPaths.resolve(environment: .production, home: "some/rel", environmentVariables: [:])
        #expect(paths.configDirectory == cwd + "/some/rel/config/verbumcare")
        let viaEnv = AppPaths.resolve(environment: .staging, home: nil, environmentVariables: ["VERBUMCARE_HOME": "./x"])
        #expect(viaEnv.stateDirectory == cwd + "/x/state/verbumcare-staging")
    }

    @Test func missingHomeUsesThePasswordDatabase() {
        let paths = AppPaths.resolve(environment: .production, home: nil, environmentVariables: [:])
        #expect(paths.configDirectory.hasPrefix("/"))
        #expect(paths.configDirectory.hasSuffix("/.config/verbumcare"))
    }

    @Test func filePaths() {
        let paths = AppPaths.resolve(environment: .production, home: "/d", environmentVariables: [:])
        #expect(paths.settingsFile == "/d/config/verbumcare/settings.json")
        #expect(paths.appStateFile == "/d/state/verbumcare/app-state.json")
        #expect(paths.logFile == "/d/state/verbumcare/verbumcare-tui.log")
        #expect(paths.credentialsFile(serverId: "pn51") == "/d/state/verbumcare/credentials/pn51.json")
        #expect(paths.serverCacheDirectory(serverId: "pn51") == "/d/cache/verbumcare/servers/pn51")
    }
}
