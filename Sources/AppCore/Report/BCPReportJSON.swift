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
        let incidents: [JSON] = r.incidents.map { i in
            let alerts: [JSON] = i.alerts.map { a in
                .object(["event": .string(a.kind), "at": at(a.created),
                         "deliveries": .array(a.deliveries.map { d in
                             .object(["target": text(d.target), "outcome": .string(d.status), "at": at(d.at)])
                         })])
            }
            return .object([
                "id": .int(Int(i.id)), "drill": .bool(i.drill), "serverId": text(i.serverId), "serverName": text(i.serverName),
                "inUse": .bool(i.wasInUse), "occurredAt": at(i.occurredAt), "confirmedAt": at(i.confirmedAt),
                "detectionSeconds": seconds(i.detectionSeconds),
                "reason": i.reason.json(message: ReasonWords.message(i.reason, localizer: localizer)),
                "outage": .bool(i.isOutage), "withoutServerSeconds": seconds(i.withoutServerSeconds),
                "fallback": i.fallbackAt.map { .object(["at": at($0), "serverId": text(i.fallbackServerId ?? "")]) } ?? .null,
                "alerts": .array(alerts), "end": at(i.end), "durationSeconds": seconds(i.durationSeconds),
                "bcpTriggerPassed": .bool(i.bcpTriggerPassed),
                "notes": .array(i.notes.map { .object(["id": .int(Int($0.id)), "at": at($0.at), "author": text($0.author),
                                                        "text": text($0.text)]) })])
        }
        let drills: [JSON] = r.drills.map { d in
            .object(["scenario": text(d.scenario), "serverId": text(d.serverId), "start": at(d.start),
                     "firstAlertAt": at(d.firstAlertAt), "fallbackAt": at(d.fallbackAt), "acknowledgedAt": at(d.acknowledgedAt),
                     "end": at(d.end), "participants": text(d.participants), "notes": text(d.notes)])
        }
        return .object(["header": header, "systems": .array(systems), "incidents": .array(incidents), "drills": .array(drills)])
    }
}
