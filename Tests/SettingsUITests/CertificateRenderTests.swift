import Localization
import SettingsStore
import AppCore
@testable import SettingsUI
import TerminalRendering
import Testing

@Suite("Certificates and the CA bundle on screen")
struct CertificateRenderTests {
    typealias F = Fixtures

    static let certificate = CertificateInfo(subject: "CN = pn51", issuer: "CN = Facility CA", sans: ["verbumcare-lab.local"],
                                             notBefore: F.now - 355 * 86_400, notAfter: F.now + 9.5 * 86_400,
                                             sha256: String(repeating: "ab", count: 32))

    /// pn51 connected; its certificate ends in 10 days (within the 30-day warning when `warn`).
    static func settings(warn: Bool) -> SettingsState {
        var settings = F.connected(.en)
        var status = F.healthy(F.server("pn51"))
        status.certificate = Self.certificate
        if warn, let warning = Self.certificate.expiryWarning(now: status.lastChecked, warningDays: 30) {
            status.warnings = [warning]
        }
        settings.detailedStatus = status
        settings.serverStatuses["pn51"] = ServerProbeSummary(status)
        return settings
    }

    static func dump(_ settings: SettingsState, pane: Bool, caBundle: CABundleDisplay? = nil) -> String {
        let settings = settings
        var ui = ScreenState(settings: settings)
        ui.isSettingsPaneOpen = pane

        let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now, caBundle: caBundle)
        return ScreenRenderer.render(model, width: 100, height: 30).buffer.textDump()
    }

    @Test("the server panel says when the certificate ends")
    func panelRow() {
        let text = Self.dump(Self.settings(warn: true), pane: false)
        #expect(text.contains("Certificate"), "\(text)")
        #expect(text.contains("ends in 10 days"), "\(text)")
        // Without a certificate (no handshake yet) there is no row.
        #expect(!Self.dump(F.connected(.en), pane: false).contains("Certificate"))
    }

    @Test("the pane's list shows an ending certificate in place of the response time")
    func paneRow() {
        let warned = Self.dump(Self.settings(warn: true), pane: true)
        #expect(warned.contains("cert 10 days"), "\(warned)")
        let quiet = Self.dump(Self.settings(warn: false), pane: true)
        #expect(!quiet.contains("cert 10 days"), "\(quiet)")
    }

    @Test("the CA bundle row shows the bundle in effect and where it came from")
    func caBundleRow() {
        let fromOption = Self.dump(F.connected(.en), pane: true,
                                   caBundle: CABundleDisplay(path: "/etc/verbumcare/ca.pem",
                                                             sourceKey: "ui.pane.ca_source.command_line"))
        #expect(fromOption.contains("/etc/verbumcare/ca.pem") && fromOption.contains("from --cacert"), "\(fromOption)")
        let system = Self.dump(F.connected(.en), pane: true,
                               caBundle: CABundleDisplay(path: nil, sourceKey: "ui.pane.ca_source.system"))
        #expect(system.contains("system certificates"), "\(system)")
    }
}
