import BackendClient
import Connectivity
import Foundation
import Localization
import Testing
import TestSupport

/// The app's own screen, drawn by the real loop from the demo backend's real TLS servers
/// (issue 16): a certificate valid only from next year is "not valid yet" with the
/// certificate's start and this machine's clock, never "expired"; an unreadable `--cacert` is
/// named with its path and reason.
@Suite("certificates told truly on the app's screen", .serialized)
@MainActor
struct CertificateTruthTests {
    @Test("a certificate valid from next year: the screen shows its start and the clock, not 'expired'",
          arguments: AppLanguage.allCases)
    func notYetValidOnScreen(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["pn51": "future_cert"])
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["auto_switch_on_failure": false])
        defer { rig.stop() }
        rig.connect(demo: demo)
        #expect(await rig.settle { $0.connectionStatus == .error })
        let error = try #require(rig.state.detailedStatus?.checks.first?.error)
        #expect(error.code == .tlsNotYetValid && error.cause == .clockBehind, "\(error)")
        let start = try #require(error.parameters["not_before"])
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        #expect(start == "\(year + 1)-01-01T00:00:00Z")
        // The words up to the clock's reading (which the test cannot know to the second), with
        // the certificate's start in them, as drawn.
        let message = rig.text("error.tls_not_yet_valid.clock_behind.message", ["not_before": start, "now": "\u{1}"])
        let shown = String(message.prefix { $0 != "\u{1}" })
        let frame = await rig.frame { squashed($0).contains(squashed(shown)) }
        #expect(frame != nil, "\(rig.screen.text)")
        #expect(!squashed(rig.screen.text).contains(squashed(rig.text("error.tls_expired.short"))), "\(rig.screen.text)")
    }

    @Test("an unreadable --cacert is named on the screen with its path and reason")
    func unreadableBundleOnScreen() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let rig = try LoopRig(language: .en, settings: ["auto_switch_on_failure": false])
        defer { rig.stop() }
        let missing = rig.home.path + "/none.pem"
        rig.connect(TransportConfiguration(commandLineCACert: missing,
                                           connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) }))
        #expect(await rig.settle { $0.connectionStatus == .error })
        let error = try #require(rig.state.detailedStatus?.checks.first?.error)
        #expect(error.code == .tlsOther && error.cause == .caBundleUnreadable, "\(error)")
        let words = rig.text("error.tls_other.ca_bundle_unreadable.message", ["path": missing, "reason": "No such file or directory"])
        #expect(await rig.frame { squashed($0).contains(squashed(words)) } != nil, "\(rig.screen.text)")
    }
}
