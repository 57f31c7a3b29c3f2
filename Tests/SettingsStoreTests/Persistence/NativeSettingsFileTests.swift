import Foundation
import Testing
@testable import SettingsStore

@Suite("settings.json")
struct NativeSettingsFileTests {
    static let ward3 = "https://ward3.example.org/api"

    func file(_ dir: PersistenceTempDir, _ environment: AppEnvironment = .production) -> NativeSettingsFile {
        NativeSettingsFile(path: dir.sub("config/verbumcare/settings.json"), environment: environment)
    }

    let name = "config/verbumcare/settings.json"

    @Test func missingFileGivesDefaults() {
        let dir = PersistenceTempDir()
        let result = file(dir).load()
        #expect(result.settings == .defaults)
        #expect(result.problems.isEmpty)
        #expect(!result.existed)
        #expect(result.movedAsideTo == nil)
        #expect(dir.names().isEmpty, "loading creates nothing")
    }

    static let unparseable: [[UInt8]] = [
        Array("{\"connection_timeout\": 10,".utf8), Array("[1, 2]".utf8), Array("\"text\"".utf8), Array("nul".utf8),
        Array("{\"a\":1} {}".utf8), Array("{\"a\": \"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8),
        [0x00, 0x01, 0x7B, 0x0A], Array("{\"a\": 01}".utf8),
    ]

    @Test(arguments: unparseable)
    func unparseableFileIsMovedAsideByteForByte(_ original: [UInt8]) throws {
        let dir = PersistenceTempDir()
        try dir.write(original, to: name)
        let result = file(dir).load()
        #expect(result.settings == .defaults)
        #expect(result.existed)
        let aside = try #require(result.movedAsideTo)
        #expect(result.problems == [FileProblem(key: "files.moved_aside", parameters: ["file": "settings.json", "path": aside])])
        #expect(FileManager.default.contents(atPath: aside).map(Array.init) == original)
        #expect(dir.bytes(name) == nil, "the unreadable file is no longer in the way")
        let asideName = (aside as NSString).lastPathComponent
        #expect(asideName.range(of: #"^settings\.json\.corrupt-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil)
    }

    @Test func secondCorruptFileInTheSameSecondGetsItsOwnName() throws {
        let dir = PersistenceTempDir()
        try dir.write("{bad", to: name)
        let first = try #require(file(dir).load().movedAsideTo)
        try dir.write("{worse", to: name)
        let second = try #require(file(dir).load().movedAsideTo)
        #expect(first != second)
        #expect(FileManager.default.contents(atPath: first).map(Array.init) == Array("{bad".utf8))
        #expect(FileManager.default.contents(atPath: second).map(Array.init) == Array("{worse".utf8))
    }

    @Test func emptyFileCountsAsNoSettings() throws {
        let dir = PersistenceTempDir()
        try dir.write(" \n", to: name)
        let result = file(dir).load()
        #expect(result.settings == .defaults)
        #expect(result.problems.isEmpty)
        #expect(result.movedAsideTo == nil)
        #expect(dir.text(name) == " \n")
    }

    @Test func invalidFieldsFallBackOneByOne() throws {
        let dir = PersistenceTempDir()
        try dir.write("""
        {"connection_timeout": 99, "auto_switch_on_failure": "yes", "enable_detailed_logging": true,
         "probe_interval": 1, "ca_bundle": 5, "custom_servers": "none", "backend_server_address": "http://x/api"}
        """, to: name)
        let result = file(dir).load()
        var expected = NativeSettings.defaults
        expected.enableDetailedLogging = true
        #expect(result.settings == expected)
        // One problem per field, each naming the field and the value as written.
        func invalid(_ field: String, _ fallback: String, _ value: String) -> FileProblem {
            FileProblem(key: "files.field_invalid",
                        parameters: ["file": "settings.json", "field": field, "fallback": fallback, "value": value])
        }
        #expect(result.problems.contains(invalid("connection_timeout", "10", "99")))
        #expect(result.problems.contains(invalid("auto_switch_on_failure", "true", "yes")))
        #expect(result.problems.contains(invalid("probe_interval", "10", "1")))
        #expect(result.problems.contains(invalid("ca_bundle", "null", "5")))
        #expect(result.problems.contains(invalid("custom_servers", "[]", "none")))
        #expect(result.problems.contains(FileProblem(key: "files.unknown_server",
                                                      parameters: ["file": "settings.json", "field": "backend_server_address",
                                                                   "address": "http://x/api", "value": "http://x/api"])))
        #expect(result.problems.count == 6)
        #expect(result.movedAsideTo == nil, "a parseable file stays as written")
    }

    @Test func validValuesAreRead() throws {
        let dir = PersistenceTempDir()
        try dir.write("""
        {"connection_timeout": 60, "auto_switch_on_failure": false, "probe_interval": 3600,
         "ca_bundle": "/etc/ca.pem", "backend_server_address": null, "connection_timeout_note": "x"}
        """, to: name)
        let result = file(dir).load()
        // A key the app does not know is told (issue 17), and reading the rest goes on.
        #expect(result.problems == [FileProblem(key: "files.unknown_key_unmatched",
                                                parameters: ["file": "settings.json", "field": "connection_timeout_note"])])
        #expect(result.settings.connectionTimeout == 60)
        #expect(result.settings.autoSwitchOnFailure == false)
        #expect(result.settings.probeInterval == 3600)
        #expect(result.settings.caBundle == "/etc/ca.pem")
    }

    @Test func customServersAreNormalizedDeduplicatedAndBadOnesSkipped() throws {
        let dir = PersistenceTempDir()
        try dir.write("""
        {"custom_servers": ["HTTPS://Ward3.Example.org:443/api/", "https://ward3.example.org/api", 7,
                            "ftp://nope/api", "https://ward5.example.org/API"],
         "backend_server_address": "https://ward5.example.org/api/"}
        """, to: name)
        let result = file(dir).load()
        #expect(result.settings.customServers == [Self.ward3, "https://ward5.example.org/api"])
        #expect(result.settings.backendServerAddress == "https://ward5.example.org/api")
        #expect(result.settings.selectedAddress == "https://ward5.example.org/api")
        let entries = result.problems.filter { $0.key == "files.entry_invalid" }
        #expect(entries.map { $0.parameters["value"] } == ["7", "ftp://nope/api"])
        #expect(result.problems.count == 2)
    }

    @Test func customSentinelSelectsTheCustomAddress() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"backend_server_address": "__CUSTOM__", "custom_server_address": "https://ward3.example.org/api"}"#,
                      to: name)
        let result = file(dir).load()
        #expect(result.problems.isEmpty)
        #expect(result.settings.backendServerAddress == NativeSettings.customSentinel)
        #expect(result.settings.selectedAddress == Self.ward3)

        try dir.write(#"{"backend_server_address": "__CUSTOM__", "custom_server_address": "localhost"}"#, to: name)
        let bad = file(dir).load()
        #expect(bad.settings.selectedAddress == nil)
        #expect(bad.problems == [FileProblem(key: "files.unknown_server",
                                             parameters: ["file": "settings.json", "field": "custom_server_address",
                                                          "address": "localhost", "value": "localhost"])])
    }

    @Test func developmentAcceptsLoopbackWhereProductionDoesNot() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"backend_server_address": "http://127.0.0.1:3000/api"}"#, to: name)
        #expect(file(dir, .development).load().settings.backendServerAddress != nil)
        #expect(file(dir, .production).load().settings.backendServerAddress == nil)
    }

    @Test func updateKeepsUnknownKeysAndWritesStableJSON() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"note": "ward 3 uses the new box", "nested": {"b": [1, 2.50, 12345678901234567890]}, "connection_timeout": 20}"#,
                      to: name)
        let settings = try file(dir).update { $0.enableDetailedLogging = true }
        #expect(settings.connectionTimeout == 20)
        #expect(settings.enableDetailedLogging)
        let text = try #require(dir.text(name))
        #expect(text == """
        {
          "alert_up_confirmations": 2,
          "alert_webhooks": [],
          "auto_switch_on_failure": true,
          "bcp_trigger_minutes": 10,
          "cert_warning_days": 30,
          "connection_timeout": 20,
          "custom_servers": [],
          "enable_detailed_logging": true,
          "history_enabled": true,
          "nested": {
            "b": [
              1,
              2.50,
              12345678901234567890
            ]
          },
          "note": "ward 3 uses the new box",
          "probe_interval": 10,
          "slow_threshold_ms": 1500
        }

        """)
        #expect(dir.mode(name) == 0o600)
        #expect(file(dir).load().settings == settings)
    }

    @Test func updateLeavesInvalidFieldsItDoesNotTouchAsWritten() throws {
        let dir = PersistenceTempDir()
        try dir.write(#"{"connection_timeout": "fast", "probe_interval": 30}"#, to: name)
        let result = try file(dir).updateReporting { $0.autoSwitchOnFailure = false }
        #expect(result.keptAsideAt == nil, "nothing the person wrote is replaced, so nothing is renamed aside")
        #expect(result.problems.map(\.key) == ["files.field_invalid"])
        #expect(dir.names(in: "config/verbumcare").filter { $0.contains(".corrupt-") }.isEmpty)
        let after = file(dir).load()
        #expect(dir.json(name)?["connection_timeout"] as? String == "fast")
        #expect(after.problems.map(\.key) == ["files.field_invalid"], "still reported until the person fixes it")
        #expect(after.settings.probeInterval == 30)
        #expect(after.settings.autoSwitchOnFailure == false)
    }

    @Test func choosingAServerOverAnInvalidOneKeepsACopyAndSaysWhere() throws {
        let dir = PersistenceTempDir()
        let original = #"{"backend_server_address": "http://old.example/api", "connection_timeout": 99}"#
        try dir.write(original, to: name)
        let result = try file(dir).updateReporting { $0.backendServerAddress = "https://verbumcaremac-mini/api" }
        let aside = try #require(result.keptAsideAt)
        #expect(FileManager.default.contents(atPath: aside).map(Array.init) == Array(original.utf8))
        #expect(result.problems.contains(FileProblem(key: "files.kept_copy",
                                                      parameters: ["file": "settings.json", "path": aside])))
        #expect(result.problems.contains { $0.key == "files.unknown_server" && $0.parameters["value"] == "http://old.example/api" })
        #expect(dir.json(name)?["connection_timeout"] as? Int == 99, "the other invalid field stays as written")
    }

    @Test func updateOfAnUnparseableFileIsRefusedAndLeavesItAlone() throws {
        let dir = PersistenceTempDir()
        try dir.write("{oops", to: name)
        #expect(throws: PersistenceError.unreadable(path: dir.sub(name))) {
            try file(dir).updateReporting { $0.connectionTimeout = 30 }
        }
        #expect(dir.text(name) == "{oops")
        #expect(file(dir).updateBlocker()?.key == "files.unreadable_not_changed")
    }

    struct Refused: Error {}

    @Test(arguments: ["{\"connection_timeout\": 20, \"x\": [1,2]}", "{bad json", "{\"connection_timeout\": 500}"])
    func throwingBodyLeavesTheFileUntouched(_ content: String) throws {
        let dir = PersistenceTempDir()
        try dir.write(content, to: name)
        let before = dir.names(in: "config/verbumcare").filter { !$0.hasSuffix(".lock") }
        #expect(throws: (any Error).self) {
            try file(dir).update { settings in
                settings.connectionTimeout = 45
                throw Refused()
            }
        }
        #expect(dir.bytes(name) == Array(content.utf8))
        #expect(dir.names(in: "config/verbumcare").filter { !$0.hasSuffix(".lock") } == before)
    }

    @Test func invalidValuesAreRefusedAndTheFileIsUntouched() throws {
        let dir = PersistenceTempDir()
        try dir.write("{}", to: name)
        #expect(throws: PersistenceError.invalidValue(field: "connection_timeout", value: "61")) {
            try file(dir).update { $0.connectionTimeout = 61 }
        }
        #expect(throws: PersistenceError.self) {
            try file(dir).update { $0.customServers.append("http://insecure.example.org/api") }
        }
        #expect(throws: PersistenceError.self) {
            try file(dir).update { $0.backendServerAddress = NativeSettings.customSentinel }
        }
        #expect(dir.text(name) == "{}")
    }

    @Test func updateWithoutChangeDoesNotRewrite() throws {
        let dir = PersistenceTempDir()
        let first = try file(dir).updateReporting { $0.customServers = [Self.ward3] }
        #expect(first.wrote)
        let second = try file(dir).updateReporting { _ in }
        #expect(!second.wrote)
        #expect(second.settings.customServers == [Self.ward3])
    }

    @Test func concurrentUpdatesKeepEveryCustomServer() throws {
        let dir = PersistenceTempDir()
        let count = 24
        let path = dir.sub(name)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            // A separate value per writer, as two processes would have.
            let writer = NativeSettingsFile(path: path, environment: .production)
            _ = try? writer.update { $0.customServers.append("https://ward\(i).example.org/api") }
        }
        let result = file(dir).load()
        #expect(result.problems.isEmpty)
        #expect(Set(result.settings.customServers) == Set((0..<count).map { "https://ward\($0).example.org/api" }))
        #expect(dir.names(in: "config/verbumcare") == [".settings.json.lock", "settings.json"])
    }

    @Test func handEditBetweenCyclesIsKept() throws {
        let dir = PersistenceTempDir()
        try file(dir).update { $0.customServers = [Self.ward3] }
        var text = try #require(dir.text(name))
        text = text.replacingOccurrences(of: "\"custom_servers\": [", with: "\"custom_servers\": [\"https://hand.example.org/api\", ")
        try dir.write(text, to: name)
        try file(dir).update { $0.customServers.append("https://app.example.org/api") }
        #expect(file(dir).load().settings.customServers
                == ["https://hand.example.org/api", Self.ward3, "https://app.example.org/api"])
    }
}
