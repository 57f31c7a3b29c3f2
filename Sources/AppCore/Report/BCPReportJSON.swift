import Localization

/// `json`: the report with stable English keys (a contract: docs/BCP.md lists them), local
/// times with their offset, durations in whole seconds. Text from outside (names, notes,
/// reasons' details) is sanitized.
enum BCPReportJSON {
    static func document(_ r: BCPReport, localizer: Localizer, time: ReportTime) -> JSON {
        func at(_ ms: Int64?) -> JSON { ms.map { .string(time.iso($0)) } ?? .null }
        func seconds(_ s: Int64?) -> JSON { s.map { .int(Int($0)) } ?? .null }
        func ratio(_ value: Double?) -> JSON { value.map(JSON.double) ?? .null }
        func text(_ value: String) -> JSON { .string(TextSanitizer.clean(value, keepingLineBreaks: true)) }
        let header: JSON = .object([
            "facilityName": r.facilityName.map(text) ?? .null, "facilityNumber": r.facilityNumber.map(text) ?? .null,
            "box": text(r.box), "from": at(r.from), "to": at(r.to), "madeAt": at(r.madeAt),
            "bcpTriggerMinutes": .int(r.bcpTriggerMinutes)])
        let systems: [JSON] = r.systems.map { s in
            .object(["id": text(s.id), "displayName": text(s.displayName), "baseUrl": text(s.baseUrl),
                     "role": .string(s.role.rawValue), "uptimeRatio": ratio(s.uptimeRatio), "coverage": ratio(s.coverage),
                     "incidents": .int(s.incidentCount), "longestOutageSeconds": seconds(s.longestOutageSeconds),
                     "downtimeSeconds": seconds(s.downtimeSeconds)])
        }
        func alerts(_ list: [BCPReportInput.Alert]) -> JSON {
            .array(list.map { a in
                .object(["event": .string(a.kind), "at": at(a.created),
                         "deliveries": .array(a.deliveries.map { d in
                             .object(["target": text(d.target), "outcome": .string(d.status), "at": at(d.at)])
                         })])
            })
        }
        let incidents: [JSON] = r.incidents.map { i in
            .object([
                "id": .int(Int(i.id)), "drill": .bool(i.drill), "serverId": text(i.serverId), "serverName": text(i.serverName),
                "inUse": .bool(i.wasInUse), "occurredAt": at(i.occurredAt), "confirmedAt": at(i.confirmedAt),
                "detectionSeconds": seconds(i.detectionSeconds),
                "reason": i.reason.json(message: ReasonWords.message(i.reason, localizer: localizer)),
                "outage": .bool(i.isOutage), "withoutServerSeconds": seconds(i.withoutServerSeconds),
                "fallback": i.fallbackAt.map { .object(["at": at($0), "serverId": text(i.fallbackServerId ?? "")]) } ?? .null,
                "alerts": alerts(i.alerts), "end": at(i.end), "durationSeconds": seconds(i.durationSeconds),
                "bcpTriggerPassed": .bool(i.bcpTriggerPassed),
                "notes": .array(i.notes.map { .object(["id": .int(Int($0.id)), "at": at($0.at), "author": text($0.author),
                                                        "text": text($0.text)]) })])
        }
        // The drill file keeps seconds; the report, like its incidents, milliseconds and whole seconds.
        func at(_ seconds: Double?) -> JSON { at(seconds.map { Int64(($0 * 1000).rounded()) }) }
        func delay(_ seconds: Double?) -> JSON { seconds.map { .int(Int($0.rounded())) } ?? .null }
        let drills: [JSON] = r.drills.map { entry in
            let d = entry.record
            return .object([
                "id": text(d.id), "scenario": .string(d.scenario.rawValue), "serverId": text(d.serverId), "start": at(d.start),
                "firstAlertAt": at(d.firstAlert?.at), "firstAlertEvent": d.firstAlert.map { text($0.event) } ?? .null,
                "firstAlertDelaySeconds": delay(d.firstAlertDelaySeconds),
                "fallbackAt": at(d.fallback?.at), "fallbackServerId": d.fallback.map { text($0.toServerId) } ?? .null,
                "fallbackDelaySeconds": delay(d.fallbackDelaySeconds),
                "acknowledgedAt": at(d.acknowledged?.at), "acknowledgedBy": d.acknowledged.map { text($0.by) } ?? .null,
                "acknowledgedDelaySeconds": delay(d.acknowledgedDelaySeconds),
                "end": at(d.end), "endedBy": .optional(d.endedBy?.rawValue), "closedByRestart": .bool(d.closedByRestart),
                "participants": d.participants.map(text) ?? .null,
                "notes": .array(d.notes.map { .object(["at": at($0.at), "text": text($0.text)]) }),
                "alerts": alerts(entry.alerts)])
        }
        return .object(["header": header, "systems": .array(systems), "incidents": .array(incidents), "drills": .array(drills)])
    }
}
