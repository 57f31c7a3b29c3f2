import AppCore
import Localization
import Testing
import Watch

/// The drill word on the alert surfaces, in each language (SPEC §16): the message (hooks'
/// `VERBUMCARE_MESSAGE`, the webhook's `message`, the log) starts with it, the JSON says
/// `drill: true`, the environment `VERBUMCARE_DRILL=1`; a real alert says none of it.
@Suite("drill words on alerts")
struct DrillWordsTests {
    static let words: [AppLanguage: String] = [.ja: "【訓練中】", .en: "[DRILL] ", .zhHant: "【演練中】"]

    @Test("a drill's alert starts with the drill word and is marked; a real one is not", arguments: AppLanguage.allCases)
    func marked(language: AppLanguage) throws {
        let server = ServerCatalog.defaultServer
        var event = AlertEvent(kind: .serverDown, server: server,
                               reason: DrillPolicy.reason(.slow, connectionTimeout: 10), at: 1_800_000_000,
                               since: 1_799_999_990, ledgerKey: "server_down:pn51:1799999990")
        let real = AlertPayload(event, language: language, host: "box")
        event.drill = true
        let drill = AlertPayload(event, language: language, host: "box")
        let word = try #require(Self.words[language])
        #expect(Localizer(language: language).text("drill.mark").isEmpty == false)
        #expect(drill.message.text.hasPrefix(word) && drill.message.text.hasSuffix(real.message.text), "\(drill.message.text)")
        #expect(!real.message.text.contains(word.trimmingCharacters(in: .whitespaces)))
        #expect(drill.environment["VERBUMCARE_DRILL"] == "1" && real.environment["VERBUMCARE_DRILL"] == "0")
        #expect(drill.json.objectValue?["drill"] == .bool(true) && real.json.objectValue?["drill"] == .bool(false))
        // The reason keeps its numbers in every language (a slow drill: no answer within 10 s).
        #expect(drill.message.text.contains("10"), "\(drill.message.text)")
    }
}
