/// drills.json's form of a drill (SPEC §16), stable English keys, times as seconds since 1970
/// with their UTC text beside them for a person reading the file:
/// `{id, scenario, server, start, start_utc, until, participants, first_alert: {at, event}|null,
/// fallback: {at, to}|null, acknowledged: {at, by}|null, end, ended_by, closed_by_restart,
/// notes: [{at, text}], taken_up_by}`. The same object is `drill status --json`'s `drill`.
public enum DrillCodec {
    public static func json(_ drill: DrillRecord) -> JSON {
        // Milliseconds: the record says how long each step took, to the second and below.
        func time(_ value: Double) -> JSON { .double((value * 1000).rounded() / 1000) }
        func time(_ value: Double?) -> JSON { value.map(time) ?? .null }
        let firstAlert: JSON = drill.firstAlert.map { .object([("at", time($0.at)), ("event", .string($0.event))]) } ?? .null
        let fallback: JSON = drill.fallback.map { .object([("at", time($0.at)), ("to", .string($0.toServerId))]) } ?? .null
        let acknowledged: JSON = drill.acknowledged.map { .object([("at", time($0.at)), ("by", .string($0.by))]) } ?? .null
        let notes: [JSON] = drill.notes.map { .object([("at", time($0.at)), ("text", .string($0.text))]) }
        var members: [(String, JSON)] = [
            ("id", .string(drill.id)), ("scenario", .string(drill.scenario.rawValue)), ("server", .string(drill.serverId)),
            ("start", time(drill.start)), ("start_utc", .string(UTCTimestamp.iso8601Seconds(drill.start))),
            ("until", time(drill.until)), ("participants", .optional(drill.participants)),
        ]
        members += [("first_alert", firstAlert), ("first_alert_delay_s", time(drill.firstAlertDelaySeconds)),
                    ("fallback", fallback), ("fallback_delay_s", time(drill.fallbackDelaySeconds)),
                    ("acknowledged", acknowledged), ("acknowledged_delay_s", time(drill.acknowledgedDelaySeconds))]
        members += [("end", time(drill.end)), ("end_utc", .optional(drill.end.map(UTCTimestamp.iso8601Seconds))),
                    ("ended_by", .optional(drill.endedBy?.rawValue)), ("closed_by_restart", .bool(drill.closedByRestart)),
                    ("notes", .array(notes)), ("taken_up_by", .optional(drill.takenUpBy))]
        return .object(JSONObject(members))
    }

    /// The drills of a file; nil when one of them is not a drill (the file is left as it is).
    public static func log(_ items: [JSON]) -> DrillLog? {
        var drills: [DrillRecord] = []
        for item in items {
            guard let drill = record(item) else { return nil }
            drills.append(drill)
        }
        return DrillLog(drills: drills)
    }

    static func record(_ item: JSON) -> DrillRecord? {
        guard let fields = item.objectValue,
              let scenario = fields["scenario"]?.stringValue.flatMap(DrillRecord.Scenario.init(rawValue:)),
              let server = fields["server"]?.stringValue, let start = finite(fields["start"]),
              let until = finite(fields["until"]), until >= start else { return nil }
        var drill = DrillRecord(scenario: scenario, serverId: server, start: start, until: until,
                                participants: fields["participants"]?.stringValue)
        if let first = fields["first_alert"]?.objectValue, let at = finite(first["at"]) {
            drill.firstAlert = DrillRecord.FirstAlert(at: at, event: first["event"]?.stringValue ?? "")
        }
        if let fallback = fields["fallback"]?.objectValue, let at = finite(fallback["at"]),
           let to = fallback["to"]?.stringValue {
            drill.fallback = DrillRecord.Fallback(at: at, toServerId: to)
        }
        if let ack = fields["acknowledged"]?.objectValue, let at = finite(ack["at"]) {
            drill.acknowledged = DrillRecord.Acknowledgement(at: at, by: ack["by"]?.stringValue ?? "")
        }
        drill.end = finite(fields["end"])
        drill.endedBy = fields["ended_by"]?.stringValue.flatMap(DrillRecord.Ending.init(rawValue:))
        drill.notes = (fields["notes"]?.arrayValue ?? []).compactMap { note in
            guard let object = note.objectValue, let at = finite(object["at"]), let text = object["text"]?.stringValue
            else { return nil }
            return DrillRecord.Note(at: at, text: text)
        }
        drill.takenUpBy = fields["taken_up_by"]?.stringValue
        return drill
    }

    /// A time a drill can have: finite, after 1970, before the year 10000 (a hand edit can
    /// write anything; out of range is damage, never computed with).
    private static func finite(_ value: JSON?) -> Double? {
        guard let number = value?.doubleValue, number.isFinite, number >= 0, number < 253_402_300_800 else { return nil }
        return number
    }
}
