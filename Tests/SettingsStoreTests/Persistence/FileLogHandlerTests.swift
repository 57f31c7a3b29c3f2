import Foundation
import Logging
import Testing
@testable import SettingsStore

@Suite("Log file handler")
struct FileLogHandlerTests {
    @Test func redactsSecretsInMetadataAndText() {
        let line = FileLogHandler.line(
            time: "T", level: .info, label: "vc.client",
            message: "GET /api/auth/me Authorization: Bearer abc.DEF-123_xyz= then password=hunter2, retry with bearer zzz-Token.9, token \"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part\"",
            metadata: ["password": "hunter2", "accessToken": "at-secret", "refresh_token": "rt-secret",
                       "nested": ["authorization": "Bearer qqq", "ok": "visible"], "server": "pn51",
                       "body": "{\"accessToken\":\"at2-secret\",\"user\":\"ann\"}"])
        for secret in ["abc.DEF-123_xyz", "zzz-Token.9", "hunter2", "at-secret", "rt-secret", "qqq", "eyJhbGci", "at2-secret"] {
            #expect(!line.contains(secret), "\(secret) leaked: \(line)")
        }
        #expect(line.contains("server=pn51"))
        #expect(line.contains("visible"))
        #expect(line.contains("ann"))
        #expect(line.contains("Bearer [REDACTED]"))
    }

    @Test func sanitizesControlCharactersAndEscapes() {
        let line = FileLogHandler.line(time: "T", level: .error, label: "l\u{1B}[2J",
                                       message: "bad\nline\u{1B}]0;title\u{07} end\u{9B}31m",
                                       metadata: ["k\r": "v\u{1B}[31mred"])
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(line.hasPrefix("T error l: bad line end"))
        #expect(line.contains("vred"))
    }

    @Test func writesLinesToAPrivateFileFromManyThreads() throws {
        let dir = PersistenceTempDir()
        let path = dir.sub("state/verbumcare/verbumcare-tui.log")
        let make = FileLogHandler.factory(path: path, logLevel: .debug)
        let threads = 8, perThread = 25
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let logger = Logger(label: "vc.t\(t)", factory: make)
            for i in 0..<perThread {
                logger.info("probe done", metadata: ["i": "\(i)", "password": "pw\(i)"])
            }
        }
        let lines = try #require(dir.text("state/verbumcare/verbumcare-tui.log")).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the file ends with a newline")
        let content = lines.dropLast()
        #expect(content.count == threads * perThread)
        for line in content {
            #expect(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info vc\.t\d: probe done i=\d+ password=\[REDACTED\]$"#,
                               options: .regularExpression) != nil, "\(line)")
        }
        #expect(dir.mode("state/verbumcare/verbumcare-tui.log") == 0o600)
        #expect(dir.mode("state/verbumcare") == 0o700)
    }

    @Test func eachLineIsStampedByTheInjectedClock() async throws {
        let dir = PersistenceTempDir()
        let virtual = VirtualClock(wall: 1_790_000_000.25)
        let logger = Logger(label: "x", factory: FileLogHandler.factory(path: dir.sub("log"), clock: virtual.clock))
        logger.info("first")
        await virtual.advance(by: 61)
        logger.info("second")
        let lines = try #require(dir.text("log")).split(separator: "\n")
        #expect(lines == ["2026-09-21T14:13:20.250Z info x: first", "2026-09-21T14:14:21.250Z info x: second"])
    }

    @Test func logLevelIsHonoured() throws {
        let dir = PersistenceTempDir()
        let path = dir.sub("log")
        let logger = Logger(label: "x", factory: FileLogHandler.factory(path: path, logLevel: .info))
        logger.debug("hidden")
        logger.warning("shown")
        let text = try #require(dir.text("log"))
        #expect(!text.contains("hidden"))
        #expect(text.contains("warning x: shown"))
    }
}
