import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

/// The check rows of the server panel.
@Suite("Check rows")
struct CheckRowTests {
    typealias F = Fixtures

    @Test("auth answering 401 shows ! and sign-in required, never a green ✓, even when the check counts as reachable")
    func authRequiredIsNotATick() {
        var settings = F.connected(.en)
        let pn51 = F.server("pn51")
        var status = F.healthy(pn51)
        status.checks[2] = CheckResult(endpoint: .auth, url: "https://verbumcare-lab.local/api/auth/me", status: .success,
                                       httpStatus: 401, timings: F.timings(9.7), error: nil)
        settings.detailedStatus = status
        let frame = ScreenRenderer.render(ScreenModel(state: AppState(settings: settings), now: F.now),
                                          width: 100, height: 30)
        let rows = frame.buffer.textDump().split(separator: "\n")
        let auth = rows.first { $0.contains(" auth ") }.map(String.init) ?? ""
        #expect(auth.contains("! 401") && auth.contains("sign-in required"), "\(auth)")
        #expect(!auth.contains("✓"), "\(auth)")
    }

    @Test("phases are the differences of libcurl's cumulative times; a reused connection has no TLS time")
    func phases() {
        let text = UIText(settings: F.connected(.en))
        let fresh = CheckTimings(dnsMs: 1.2, connectMs: 4, tlsMs: 10, firstByteMs: 15, totalMs: 16)
        #expect(ServerPanelView.phases(fresh, text) == "dns 1 · tcp 3 · tls 6 · wait 5 ms")
        let reused = CheckTimings(dnsMs: 0, connectMs: 0, tlsMs: 0, firstByteMs: 0.3, totalMs: 0.4)
        #expect(ServerPanelView.phases(reused, text) == "dns <1 · tcp <1 · tls <1 · wait <1 ms")
    }
}
