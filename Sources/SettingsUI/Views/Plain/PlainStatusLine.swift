import AppCore
import TerminalRendering

/// `--plain`: the newest change of status as one line of words near the top of the screen
/// ("Status change: pn51: Connected → Error (no connection)"), SPEC §10.4. A screen reader
/// reads a changed line; the rest of a redrawn screen, read cell by cell, would be a jumble.
/// Drawn from the timeline, whose status changes are confirmed ones (`settle`: a failure
/// waiting for its re-test is not one), so a re-test that changes nothing changes no word
/// here; the same in every language, it survives a language switch.
enum PlainStatusLine {
    static func words(_ canvas: Canvas) -> String? {
        let timeline = canvas.settings.timeline
        guard let index = timeline.firstIndex(where: { shown.contains($0.kind) }) else { return nil }
        let entry = timeline[index]
        guard entry.kind == .statusChanged else { return TimelineView.words(canvas, entry) }
        let text = canvas.text
        let server = text.serverName(id: entry.serverId)
        let now = status(canvas, entry)
        let before = timeline[(index + 1)...].first { $0.kind == .statusChanged && $0.serverId == entry.serverId }
        guard let before else { return text("ui.plain.status_now", ["server": server, "to": now]) }
        return text("ui.plain.status_change", ["server": server, "from": status(canvas, before), "to": now])
    }

    /// The kinds of event that change what the screen's status says.
    private static let shown: Set<TimelineEntry.Kind> = [.statusChanged, .switched, .switchFailed, .switchCancelled,
                                                         .fallback, .recovered]

    private static func status(_ canvas: Canvas, _ entry: TimelineEntry) -> String {
        let text = canvas.text
        let word = entry.status.map(text.statusWord) ?? "?"
        guard let reason = text.shortReason(entry) else { return word }
        return text("ui.plain.status_with_reason", ["status": word, "reason": reason])
    }
}
