import AppLoop
import BackendClient
import Connectivity
import Foundation
import Localization
import SettingsStore
import SettingsUI
import Testing
import TestSupport

/// A note on an incident from the app (SPEC §16: `n` in `h`), in each language, through the real
/// loop in-process: the recording app, the real history database, the demo backend over TLS with
/// Mac Mini Tailscale down from the start (an incident in `h`). ↓ selects, `n` opens the field,
/// Enter saves the note to history (read back from the database: the view shows it), and a
/// notice says so in the run's language; Esc cancels the field and writes nothing; a note over
/// the limit is refused with `incident note`'s own reason and the field stays.
@Suite("A note on an incident from h (demo backend)", .serialized)
@MainActor
struct HistoryNoteLoopTests {
    static let server = "mac-mini-tailscale"

    @Test("select, n, type, Enter: the note is in history and on screen; Esc writes nothing", arguments: AppLanguage.allCases)
    func noteFromTheHistoryView(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start(initialModes: [Self.server: "down"])
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["probe_interval": 2])
        defer { rig.stop() }
        let transport = TransportConfiguration(commandLineCACert: demo.caFile,
                                               connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
        _ = await rig.loop.attachWatch(role: .app, transport: transport, clock: .accelerated(by: 10),
                                       hookFolders: [rig.paths.configDirectory + "/hooks.d"], host: "test-box",
                                       logger: quietLogger)
        rig.connect(demo: demo)
        rig.press(.character("h"))
        let opened = await rig.frame(until: { _ in rig.app.watch.history?.incidents(of: Self.server).isEmpty == false },
                                     timeout: .seconds(60))
        #expect(opened != nil, "no incident in h:\n\(rig.screen.text)")
        let incident = try #require(rig.app.watch.history?.incidents(of: Self.server).first)

        // Esc: the field closes, the view stays, nothing is written.
        rig.press(.down, .up, .character("n"))
        #expect(await rig.frame { $0.contains(rig.text("dialog.note.title")) } != nil, "n opens no field:\n\(rig.screen.text)")
        rig.type("discarded-\(language.rawValue)")
        #expect(await rig.frame { $0.contains("discarded-\(language.rawValue)") } != nil, "typing shows nowhere")
        rig.press(.escape)
        let cancelled = await rig.frame {
            !$0.contains(rig.text("dialog.note.title")) && $0.contains(rig.text("ui.history.title"))
        }
        #expect(cancelled != nil, "the first Esc must close the field only:\n\(rig.screen.text)")

        // Over the limit: `incident note`'s reason, in this language, and the field stays.
        rig.press(.character("n"))
        rig.type(String(repeating: "長", count: IncidentNote.maxLength + 1))
        rig.press(.enter)
        let refusal = rig.text("cli.incident.note_too_long", ["length": String(IncidentNote.maxLength + 1),
                                                               "max": String(IncidentNote.maxLength)])
        #expect(await rig.settle { state in state.notices.contains { $0.message.key == "cli.incident.note_too_long" } },
                "no refusal notice")
        #expect(rig.state.notices.first { $0.message.key == "cli.incident.note_too_long" }
                    .map { Localizer(language: language).text($0.message.key, $0.message.parameters) } == refusal)
        #expect(rig.app.screen.noteField != nil, "a refused note stays in its field")
        rig.press(.escape)

        // Enter: written through the runtime, read back from the database, drawn, and said.
        let text = "LAN ケーブル再接続 \(language.rawValue)"
        rig.press(.character("n"))
        rig.type(text)
        rig.press(.enter)
        let shown = await rig.frame(until: { frame in
            rig.app.watch.history?.notes[incident.id]?.contains { $0.text == text } == true && frame.contains(text)
        }, timeout: .seconds(30))
        #expect(shown != nil, "the note is not in history and on screen:\n\(rig.screen.text)")
        let notes = rig.app.watch.history?.notes[incident.id] ?? []
        #expect(notes.map(\.text) == [text], "only the saved note, never the cancelled or refused one: \(notes)")
        let saved = rig.text("cli.incident.note_added", ["id": String(incident.id)])
        #expect(rig.state.notices.contains { Localizer(language: language).text($0.message.key, $0.message.parameters) == saved })
        rig.press(.escape)
        #expect(await rig.frame { squashed($0).contains(squashed(saved)) } != nil, "no notice on the screen:\n\(rig.screen.text)")
    }
}
