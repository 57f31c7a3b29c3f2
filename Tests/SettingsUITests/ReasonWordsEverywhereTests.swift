import AppCore
import Localization
import SettingsStore
import PropertyBased
@testable import SettingsUI
import TerminalRendering
import Testing
import TestSupport

/// One short reason everywhere (issue 27 items 5 and 6): a failure confirmed by the real reducer
/// reads the same on the timeline, on `--plain`'s change line and on the panel's check row,
/// for every error code, every class of HTTP status (none, 2xx, 3xx, 4xx, 5xx) and the three
/// languages: a 502 is "server error 502" on all three, never "HTTP 502" on one of them.
@Suite("One short reason everywhere", .shrinking)
struct ReasonWordsEverywhereTests {
    typealias F = Fixtures

    struct Case: Sendable, CustomStringConvertible {
        var code: ConnectivityErrorCode
        /// The health check's HTTP status (nil: no answer).
        var httpStatus: Int?
        /// Whether the error carries the status itself or only the check does.
        var statusInError: Bool
        var language: AppLanguage
        var description: String { "\(code.rawValue) http=\(httpStatus.map(String.init) ?? "none") inError=\(statusInError) \(language.rawValue)" }
    }

    static let classes: [ClosedRange<Int>?] = [nil, 200...299, 300...399, 400...499, 500...599]

    static let cases = shrinking { rng -> Case in
        let codes = ConnectivityErrorCode.allCases
        let statusClass = classes[Int.random(in: 0..<classes.count, using: &rng)]
        return Case(code: codes[Int.random(in: 0..<codes.count, using: &rng)],
                    httpStatus: statusClass.map { Int.random(in: $0, using: &rng) },
                    statusInError: Bool.random(using: &rng),
                    language: AppLanguage.allCases[Int.random(in: 0..<AppLanguage.allCases.count, using: &rng)])
    }

    /// A test of `server` whose health check failed with `example`'s error.
    static func failing(_ server: ServerConfig, _ example: Case) -> DetailedStatus {
        var parameters = ["seconds": "7", "ms": "4321", "days": "5"]
        if example.statusInError, let status = example.httpStatus { parameters["status"] = String(status) }
        let error = ConnectivityError(code: example.code, message: "detail", parameters: parameters)
        return DetailedStatus(serverId: server.id, checks: [
            F.check(.health, server, http: example.httpStatus, ms: 31, error: error),
            F.check(.api, server, http: 200, ms: 20),
            F.check(.auth, server, http: 200, ms: 20),
            F.check(.websocket, server, http: 200, ms: 20),
        ], responseTime: nil, lastChecked: F.now)
    }

    /// The settings after the current server's probes failed with `example`'s error until the
    /// reducer confirmed it (the timeline's entry is the reducer's own).
    static func confirmedFailure(_ example: Case) -> (SettingsState, ScreenState) {
        var settings = F.connected(example.language)
        settings.connectivity.isActive = true
        settings.connectivity.monitor = ProbeLoop(serverId: settings.currentServer.id, generation: 7,
                                                  schedule: ProbeSchedule(interval: Double(settings.probeInterval)))
        var ui = ScreenState(settings: settings)
        let failed = failing(settings.currentServer, example)
        for _ in 0..<5 where settings.connectionStatus != .error {
            F.deliver(.probeCompleted(generation: 7, result: failed, hadToken: false, at: F.now), &ui, &settings)
        }
        return (settings, ui)
    }

    /// Then a switch to Mac Mini, which fails its test the same way (the reducer's timeline entry).
    static func failedSwitch(_ example: Case, _ settings: inout SettingsState, _ ui: inout ScreenState) {
        // What choosing Mac Mini leads to once settings.json names it (the writer's answer).
        let macMini = F.server("mac-mini")
        F.deliver(.settingsWritten(change: .select(address: macMini.baseUrl),
                                   settings: NativeSettings(backendServerAddress: macMini.baseUrl), problems: [], at: F.now),
                  &ui, &settings)
        guard let generation = settings.connectivity.activeSwitch?.generation else { return }
        F.deliver(.switchStepCompleted(generation: generation, step: .validating, at: F.now), &ui, &settings)
        F.deliver(.switchTestCompleted(generation: generation, result: failing(F.server("mac-mini"), example),
                                       hadToken: false, at: F.now), &ui, &settings)
    }

    static func canvas(_ settings: SettingsState, _ ui: ScreenState) -> (ScreenModel, Canvas) {
        let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: F.now)
        return (model, Canvas(model: model, width: 300, height: 60, memo: FrameMemo()))
    }

    @Test("every code × every HTTP status class × three languages: the timeline, the plain line and the check row agree")
    func sameWords() async {
        await propertyCheck(count: 150, input: Self.cases) { example in
            Self.expectSameWords(example)
        }
    }

    @Test("a 502 reads \"server error 502\" on all three, in three languages", arguments: AppLanguage.allCases)
    func badGateway(language: AppLanguage) {
        let example = Case(code: .httpStatus, httpStatus: 502, statusInError: false, language: language)
        let (settings, _) = Self.confirmedFailure(example)
        let words = Localizer(language: language).text("error.http_status.server_short", ["status": "502"])
        #expect(PlainStatusLine.words(Self.canvas(settings, ScreenState(settings: settings)).1)?.contains(words) == true)
        Self.expectSameWords(example)
    }

    /// The check row's words for `example`'s failure are on the plain line, then on the
    /// timeline's failed switch and the plain line after it.
    static func expectSameWords(_ example: Case) {
        var (settings, ui) = confirmedFailure(example)
        #expect(settings.connectionStatus == .error, "\(example)")
        guard let health = settings.detailedStatus?.checks.first(where: { $0.endpoint == .health }),
              let error = health.error else {
            Issue.record("no confirmed failure for \(example)")
            return
        }
        let (model, canvas) = Self.canvas(settings, ui)
        // The check row's words, as the row words them.
        let words = canvas.text.shortError(error, httpStatus: health.httpStatus)
        let frame = ScreenRenderer.render(model, width: 300, height: 60).buffer.textDump()
        let row = frame.split(separator: "\n").first { $0.contains(" health ") }.map(String.init) ?? ""
        #expect(row.contains(words), "\(example): check row \(row) lacks \(words)")
        let plain = PlainStatusLine.words(canvas) ?? ""
        #expect(plain.contains(words), "\(example): plain line \(plain) lacks \(words)")

        Self.failedSwitch(example, &settings, &ui)
        guard let entry = settings.timeline.first, entry.kind == .switchFailed else {
            Issue.record("no failed switch for \(example): \(settings.timeline.first.map { "\($0.kind)" } ?? "none")")
            return
        }
        let (_, after) = Self.canvas(settings, ui)
        let timeline = TimelineView.words(after, entry)
        #expect(timeline.contains(words), "\(example): timeline \(timeline) lacks \(words)")
        let plainAfter = PlainStatusLine.words(after) ?? ""
        #expect(plainAfter.contains(words), "\(example): plain line \(plainAfter) lacks \(words)")
    }
}
