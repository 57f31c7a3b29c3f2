import Foundation
import Testing
import TestSupport

/// Text from a file or an argument reaches stdout and stderr only through the sanitizer:
/// no escape sequence, control, bidi or invisible character gets out.
@Suite("Sanitized command-line output")
struct SanitizedOutputTests {
    static let forbidden: [Unicode.Scalar] = [
        "\u{1B}", "\u{07}", "\u{9B}", "\u{9D}", "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}",
        "\u{202A}", "\u{202E}", "\u{2060}", "\u{2066}", "\u{2069}", "\u{FEFF}", "\u{00AD}", "\u{2028}", "\u{2029}",
        "\u{E0001}", "\u{E0041}", "\u{E007F}",
    ]
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}ev\u{061C}il\u{200B}\u{200D}\u{FEFF}\u{2060}\u{00AD}\u{2028}\u{2029}\u{E0041}\u{9B}31m"

    static func clean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { s in forbidden.contains(s) || (s.value < 0x20 && s != "\n") || invisible(s) }
    }

    /// Format characters, default-ignorable ones (variation selectors, U+034F, U+180E…) and
    /// controls: nothing that does not show as itself.
    static func invisible(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .format || s.properties.isDefaultIgnorableCodePoint || s.value == 0x180E
            || (0x7F...0x9F).contains(s.value)
    }

    /// A server whose error bodies carry escape sequences, bidi overrides, U+180E, U+034F,
    /// U+200B, a variation selector and a tag (the demo's `escape_error`): its message reaches
    /// `check --json`, `check` and `status --json` only through the sanitizer, marked with `�`.
    @Test func aServerErrorMessageWithInvisibleCharactersIsMarked() async throws {
        let backend = try await DemoBackendProcess.start(initialModes: ["pn51": "escape_error"])
        defer { backend.stop() }
        let session = try CLI.Session()
        let network = ["--cacert", backend.caFile] + backend.connectTo.flatMap { ["--connect-to", $0] }
        for arguments in [["check", "--json", "pn51"], ["check", "pn51"], ["status", "--json"], ["check", "--format", "nagios", "pn51"]] {
            let result = try await session.run(arguments: network + arguments)
            #expect(Self.clean(result.standardOutput), "\(arguments): \(result.standardOutput.debugDescription)")
            #expect(Self.clean(result.standardError), "\(arguments): \(result.standardError.debugDescription)")
        }
        let json = try await session.run(arguments: network + ["check", "--json", "pn51"])
        let checks = try CLI.object(json.standardOutput)["checks"] as? [[String: Any]] ?? []
        let message = (checks.first?["error"] as? [String: Any])?["detail"] as? String ?? ""
        // The server's words are kept, and where a character was taken out a mark says so.
        #expect(message.contains("Database unavailable") && message.contains("ward\u{FFFD}3"), "\(message.debugDescription)")
    }

    @Test func settingsShowPrintsAHostileCABundleSafely() async throws {
        let session = try CLI.Session()
        let bundle = "/etc/verbumcare/ca" + Self.hostile + ".pem"
        var escaped = ""
        for s in bundle.unicodeScalars {
            escaped += s.value < 0x20 || s.value > 0x7E ? String(format: "\\u%04x", s.value) : String(s)
        }
        // Scalars beyond the BMP as surrogate pairs.
        escaped = escaped.replacingOccurrences(of: "\\ue0041", with: "\\udb40\\udc41")
        try session.home.write("{\"ca_bundle\": \"\(escaped)\"}", to: "config/verbumcare/settings.json")
        for arguments in [["settings", "show"], ["settings", "show", "--json"]] {
            let result = try await session.run(arguments: arguments)
            #expect(result.exitCode == 0)
            #expect(Self.clean(result.standardOutput), "\(arguments): \(result.standardOutput.debugDescription)")
            #expect(Self.clean(result.standardError))
            #expect(result.standardOutput.contains("/etc/verbumcare/ca"), "the printable part is still shown")
        }
    }

    @Test func aRefusedValueIsEchoedSafely() async throws {
        let session = try CLI.Session()
        let clipboardWrite = "\u{1B}]52;c;aGVsbG8=\u{07}" + Self.hostile
        for (key, value) in [("connection_timeout", clipboardWrite), ("custom_server_address", "https://x" + clipboardWrite),
                             ("no_such_key" + Self.hostile, "1")] {
            let result = try await session.run("settings", "set", key, value)
            #expect(result.exitCode != 0)
            #expect(Self.clean(result.standardError), "\(key): \(result.standardError.debugDescription)")
            #expect(Self.clean(result.standardOutput))
        }
    }

    @Test func validateJSONCarriesNoInvisibleCharacters() async throws {
        let session = try CLI.Session()
        let result = try await session.run("validate", "--json", "https://ward\(Self.hostile).example.org/api")
        #expect(Self.clean(result.standardOutput), "\(result.standardOutput.debugDescription)")
        #expect(Self.clean(result.standardError))
        _ = try CLI.object(result.standardOutput)
    }
}
