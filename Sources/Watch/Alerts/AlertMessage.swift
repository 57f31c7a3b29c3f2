import Localization
import SettingsStore

/// What an alert says, in the person's language and through the one sanitizer: the hook's
/// `VERBUMCARE_MESSAGE`, the webhook's `reason.message`, the log line.
public struct AlertMessage: Equatable, Sendable {
    /// One sentence for the event ("Mac Mini is down: no connection").
    public var text: String
    /// The reason's own message (`error.<code>.message`), nil without a reason.
    public var reason: String?

    public init(_ event: AlertEvent, language: AppLanguage, durationText: String?) {
        let localizer = Localizer(language: language)
        let name = TextSanitizer.clean(ServerNames.withALabel(event.server, localizer: localizer))
        var parameters = ["server": name, "days": event.daysLeft.map(String.init) ?? "", "duration": durationText ?? ""]
        var reasonText: String?
        if let reason = event.reason {
            // Worded as history words it: with its numbers, never with a placeholder.
            let words = IncidentReason(reason, server: event.server)
            parameters["reason"] = ReasonWords.short(words, localizer: localizer)
            reasonText = ReasonWords.message(words, localizer: localizer)
        }
        let key = event.kind == .serverUp && event.resolvedOnStart ? "alert.server_up_on_start" : "alert.\(event.kind.rawValue)"
        let sentence = localizer.text(key, parameters)
        // A drill's alert starts with the drill word, so nobody takes it for a real outage.
        text = TextSanitizer.clean(event.drill ? localizer.text("drill.alert", ["message": sentence]) : sentence)
        reason = reasonText
    }
}
