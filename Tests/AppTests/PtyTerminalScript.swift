import Foundation
import TestSupport

/// The scripts that run the real binary in a pseudo-terminal under pyte (scripts/check-*, see
/// scripts/pty_terminal.py), run against their own demo backend in a fresh home.
enum PtyTerminalScript {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/\(name)").path
    }

    /// `scripts/NAME OPTIONS -- [WRAPPER] verbumcare-tui --home … --cacert …`, the app in `language`.
    static func run(_ name: String, language: String, options: [String], wrapper: [String] = [],
                    home: TemporaryHome? = nil) async throws -> ProcessResult {
        let home = try home ?? TemporaryHome(prefix: "verbumcare-pty")
        let backend = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
        defer { backend.stop() }
        let app = try BinaryRunner(home: home.path)
        let setLanguage = try await app.run(["lang", language])
        guard setLanguage.exitCode == 0 else { throw TestSupportError.setupFailed("lang \(language): \(setLanguage)") }
        let checker = BinaryRunner(program: path(name), home: home.path)
        return try await checker.run(options + ["--"] + wrapper + [app.executable, "--home", home.path, "--cacert", backend.caFile],
                                     environment: ["VERBUMCARE_CONNECT_TO": backend.connectTo.joined(separator: ",")])
    }
}
