import Foundation
import Localization
import SettingsStore
import TerminalRendering
import TestSupport
import Testing

/// Passwords typed into the sign-in dialog of the real loop reach the server byte for byte: the
/// demo backend is started with exactly that password and accepts the sign-in only when the
/// request carried it. Lengths around Swift's 15-byte inline strings (a wiped field must not
/// wipe the buffer the request still reads), multibyte, and long.
@Suite("sign-in dialog passwords (demo backend)", .serialized)
@MainActor
struct SignInPasswordTests {
    enum Script: String, CaseIterable, Sendable {
        case latin, japanese, chinese

        /// Characters of the script, cycled to fill the password.
        var alphabet: [Character] {
            switch self {
            case .latin: Array("aZ9!x-Q_é")
            case .japanese: Array("パスワード日本語")
            case .chinese: Array("密碼測試護理")
            }
        }
    }

    /// A password of exactly `bytes` UTF-8 bytes: the script's characters while they fit, then
    /// ASCII digits.
    nonisolated static func password(bytes: Int, script: Script) -> String {
        var result = ""
        var index = 0
        while true {
            let next = script.alphabet[index % script.alphabet.count]
            guard result.utf8.count + String(next).utf8.count <= bytes else { break }
            result.append(next)
            index += 1
        }
        while result.utf8.count < bytes { result.append(Character(String(result.utf8.count % 10))) }
        return result
    }

    nonisolated static let cases: [(Int, Script)] = [1, 15, 16, 24, 256].flatMap { bytes in Script.allCases.map { (bytes, $0) } }

    @Test("the server receives the password typed into the dialog", arguments: cases)
    func typedPasswordSignsIn(bytes: Int, script: Script) async throws {
        let password = Self.password(bytes: bytes, script: script)
        #expect(password.utf8.count == bytes)
        let demo = try await DemoBackendProcess.start(extraArguments: ["--user-password", password])
        defer { demo.stop() }
        let rig = try LoopRig(language: .en)
        defer { rig.stop() }
        rig.connect(demo: demo)
        #expect(await rig.settle { $0.connectionStatus == .connected && $0.currentServer.id == "pn51" })
        rig.press(.character("i"))
        #expect(await rig.settle { $0.loginRequest != nil })
        rig.type("demo")
        rig.press(.enter)
        rig.type(password)
        rig.press(.enter)
        #expect(await rig.settle { $0.loginRequest == nil || $0.loginRequest?.failure != nil })
        #expect(rig.state.loginRequest?.failure == nil,
                "a \(bytes)-byte \(script) password was refused: \(String(describing: rig.state.loginRequest?.failure))")
        let credentials = rig.paths.credentialsFile(serverId: "pn51")
        #expect(FileManager.default.fileExists(atPath: credentials), "no tokens saved")
    }
}
