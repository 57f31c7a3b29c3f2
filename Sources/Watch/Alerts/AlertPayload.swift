import Localization
import SettingsStore

/// An alert as hooks and webhooks receive it (SPEC §15.3): the JSON body
/// `{event, server: {id, displayName, baseUrl}, reason: {code, params, message}|null, at, since,
/// durationSeconds, host, language, resolvedOnStart, drill}` and a hook's environment.
public struct AlertPayload: Sendable {
    public let event: AlertEvent
    public let message: AlertMessage
    public let host: String
    public let language: AppLanguage

    public init(_ event: AlertEvent, language: AppLanguage, host: String) {
        self.event = event
        self.language = language
        self.host = TextSanitizer.clean(host)
        message = AlertMessage(event, language: language,
                               durationText: event.durationSeconds.map { DurationText.text(seconds: $0, language: language) })
    }

    public var json: JSON {
        let server = event.server
        // The numbers of the reason (`{"status": 502}`) with its words in the alert's language.
        let reason: JSON = event.reason.map { IncidentReason($0, server: server).json(message: message.reason ?? "") } ?? .null
        return .object([
            ("event", .string(event.kind.rawValue)),
            ("server", .object(JSONObject([("id", .string(server.id)), ("displayName", .string(server.displayName)),
                                           ("baseUrl", .string(server.baseUrl))] + ServerNames.hostFields(server)))),
            ("reason", reason),
            ("message", .string(message.text)),
            ("at", .string(UTCTimestamp.iso8601Seconds(event.at))),
            ("since", .optional(event.since.map(UTCTimestamp.iso8601Seconds))),
            ("durationSeconds", event.durationSeconds.map { .int(DurationText.wholeSeconds($0)) } ?? .null),
            ("host", .string(host)),
            ("language", .string(language.rawValue)),
            ("resolvedOnStart", .bool(event.resolvedOnStart)),
            ("drill", .bool(event.drill)),
        ])
    }

    /// The hook's environment (on top of the process's own): every value sanitized, one line.
    public var environment: [String: String] {
        let server = event.server
        var values = [
            "VERBUMCARE_EVENT": event.kind.rawValue,
            "VERBUMCARE_SERVER_ID": server.id,
            "VERBUMCARE_SERVER_NAME": server.displayName,
            "VERBUMCARE_SERVER_URL": server.baseUrl,
            "VERBUMCARE_REASON": event.reason?.code.rawValue ?? "",
            "VERBUMCARE_MESSAGE": message.text,
            "VERBUMCARE_SINCE": event.since.map(UTCTimestamp.iso8601Seconds) ?? "",
            "VERBUMCARE_DURATION_S": event.durationSeconds.map { String(DurationText.wholeSeconds($0)) } ?? "",
            "VERBUMCARE_HOST": host,
            "VERBUMCARE_AT": UTCTimestamp.iso8601Seconds(event.at),
            "VERBUMCARE_RESOLVED_ON_START": event.resolvedOnStart ? "1" : "0",
            "VERBUMCARE_DRILL": event.drill ? "1" : "0",
        ]
        for (key, value) in values { values[key] = TextSanitizer.clean(value) }
        return values
    }
}
