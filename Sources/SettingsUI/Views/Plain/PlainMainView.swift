import AppCore
import Localization
import TerminalRendering

/// The main screen in the screen-reader mode (SPEC §10.4): one column in reading order, every
/// line with its label in the language in use. The server panel, then the language list
/// (numbered as the keys 1 2 3 choose), "open settings", the notices, and on a large screen
/// the timeline and the server history; tables are read as "label: value" sentences.
enum PlainMainView {
    static func draw(_ canvas: inout Canvas, in area: Rect) {
        _ = PlainDocument.render(lines(canvas), canvas: &canvas, in: area)
    }

    static func lines(_ canvas: Canvas) -> [PlainLine] {
        var lines: [PlainLine] = canvas.settings.serverSwitchState.isInProgress ? switchLines(canvas) : panelLines(canvas)
        lines += languageLines(canvas)
        lines += openSettingsLines(canvas)
        lines += noteLines(canvas)
        lines += noticeLines(canvas)
        if canvas.buffer.width >= MainScreenView.roomyWidth && canvas.buffer.height >= MainScreenView.roomyHeight {
            lines += timelineLines(canvas)
            lines += historyLines(canvas)
        }
        return lines
    }

    // MARK: - The server panel

    private static func panelLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let settings = canvas.settings
        let server = settings.currentServer
        var lines = [
            PlainLine(text("ui.plain.label.server"), text.serverName(server), style: .bold),
            PlainLine(text("ui.plain.label.description"), text.serverDescription(server)),
            PlainLine(text("ui.plain.label.address"), UIText.clean(server.baseUrl)),
            PlainLine(text("ui.plain.label.source"), source(canvas)),
        ]
        let status = ServerPanelView.currentStatus(settings)
        var words = [settings.isUnchecked ? text("status.not_checked") : text.statusWord(settings.connectionStatus)]
        if let waiting = StatusIndicator.waitingText(canvas) {
            words.append(waiting)
        } else if let ms = status?.responseTime {
            words.append(text.milliseconds(ms))
        }
        for warning in StatusIndicator.currentWarnings(settings) {
            words.append(text("ui.warning_label") + " " + text("status.warning.\(warning.code.rawValue)"))
        }
        lines.append(PlainLine(text("ui.status"), list(words, text)))
        lines.append(PlainLine(text("ui.checked"), text.checkedAgo(canvas.model.time.checked)))
        if let mute = canvas.model.time.mute(of: server.id) {
            lines.append(PlainLine(text("ui.panel.alerts"), text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)])))
        }
        if let days = status?.certificateDaysLeft {
            lines.append(PlainLine(text("ui.panel.certificate"), text("ui.panel.certificate_ends", ["days": String(days)])))
        }
        if settings.preferences.showCheckDetails {
            for endpoint in CheckEndpoint.allCases {
                lines.append(checkLine(canvas, endpoint: endpoint, check: status?.checks.first { $0.endpoint == endpoint }))
            }
        }
        return lines
    }

    /// "Check health: OK, 200, 12 ms", "Check auth: Warning, 401, 10 ms, sign-in required".
    private static func checkLine(_ canvas: Canvas, endpoint: CheckEndpoint, check: CheckResult?) -> PlainLine {
        let text = canvas.text
        let label = text("ui.plain.label.check", ["check": text("check.\(endpoint.rawValue)")])
        guard let check else { return PlainLine(label, text("check.not_run")) }
        let needsSignIn = check.error?.code == .authRequired || (endpoint == .auth && check.httpStatus == 401)
        var words: [String]
        if needsSignIn {
            words = [text("ui.warning_label")]
        } else {
            words = [check.status == .success ? text("check.ok") : text("check.failed")]
        }
        if let code = check.httpStatus { words.append(String(code)) }
        words.append(text.milliseconds(check.timings.totalMs))
        if needsSignIn {
            words.append(text("check.auth_required"))
        } else if let error = check.error, check.status == .failure, error.code != .httpStatus {
            words.append(text.shortError(error, httpStatus: check.httpStatus))
        }
        return PlainLine(label, list(words, text), style: check.status == .success || needsSignIn ? .plain : .colored(.error))
    }

    private static func source(_ canvas: Canvas) -> String {
        let text = canvas.text
        switch canvas.settings.serverSource {
        case .nativeSettings: return text("source.native_settings")
        case .default: return text("source.default")
        case .fallback:
            guard let fallback = canvas.settings.fallback else { return text("source.fallback", ["server": "?", "reason": "?"]) }
            let key = fallback.configuredRecovered ? "source.fallback_recovered" : "source.fallback"
            return text(key, ["server": text.serverName(id: fallback.fromServerId), "reason": text.shortError(fallback.reason)])
        }
    }

    /// A switch in progress, in place of the panel: where to, the step, how to cancel.
    private static func switchLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let state = canvas.settings.serverSwitchState
        let label = text("ui.plain.label.switch")
        let target = state.toServerId.map { text.serverName(id: $0) } ?? "?"
        let steps = SwitchStep.allCases
        let current = state.progress.flatMap { steps.firstIndex(of: $0) } ?? 0
        return [
            PlainLine(label, text("switch.in_progress", ["server": target]), style: .bold),
            PlainLine(label, text("switch.step_count", ["step": String(current + 1), "total": String(steps.count)])
                + " " + SwitchProgressView.stepName(steps[current], text)),
            PlainLine(label, text("switch.cancel_hint")),
        ]
    }

    // MARK: - Choices

    /// "Language: 1 日本語", "Language: 2 English (chosen)": the number is the key that chooses it.
    private static func languageLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let languages = ScreenState.languages(canvas.settings)
        let focused = canvas.focus == .languagePicker
        let cursor = canvas.ui.languageRow(canvas.settings)
        return languages.enumerated().map { index, language in
            let number = (AppLanguage.allCases.firstIndex(of: language) ?? index) + 1
            let chosen = language == canvas.model.chosenLanguage
            return PlainLine(text("ui.panel.language"), choice(number, language.nativeName, chosen: chosen, text),
                             style: chosen ? .bold : .plain, isFocused: focused && index == cursor)
        }
    }

    /// "1 日本語", "2 English (chosen)".
    static func choice(_ number: Int, _ name: String, chosen: Bool, _ text: UIText) -> String {
        // A number and a name read the same in every language: no catalog text.
        "\(number) " + chosenName(name, chosen: chosen, text)
    }

    /// "English (chosen)": the choice in effect, in words.
    static func chosenName(_ name: String, chosen: Bool, _ text: UIText) -> String {
        chosen ? text("ui.plain.chosen", ["name": name]) : name
    }

    private static func openSettingsLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let label = text("ui.panel.open_settings")
        return [
            PlainLine(label, text("ui.open_settings.explain")),
            PlainLine(text("ui.plain.label.button"), text("ui.open_settings.button"), style: .bold,
                      isFocused: canvas.focus == .openSettings),
        ]
    }

    // MARK: - Notes, notices, timeline, history

    private static func noteLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        var lines: [PlainLine] = []
        if let note = canvas.model.options.terminalNote {
            lines.append(PlainLine(text("ui.warning_label"), text("ui.terminal_fallback_package", [
                "requested": UIText.clean(note.requested), "used": note.used,
                "package": TerminfoFallback.debianPackage(for: note.requested),
            ]), style: .colored(.warning)))
        }
        if let language = canvas.model.languageNotDrawn {
            lines.append(PlainLine(text("ui.warning_label"), text("ui.console_language_note", [
                "language": text(language == .ja ? "ui.language_name.ja" : "ui.language_name.zh_hant"),
                "variable": RenderOptions.consoleCJKVariable,
            ]), style: .colored(.warning)))
        }
        return lines
    }

    /// Each notice with its kind as the label ("Warning: …"), what to do on the line after.
    private static func noticeLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let focused = canvas.focus == .notices
        var lines: [PlainLine] = []
        for (index, notice) in canvas.settings.notices.enumerated() {
            let label = NoticesView.prefix(canvas, kind: notice.kind).text.dropLast(PlainLine.separator.count)
            lines.append(PlainLine(String(label), text.message(notice.message), isFocused: focused && index == 0))
            if let follow = NoticesView.followUp(notice, canvas: canvas) {
                lines.append(PlainLine(String(label), follow.text))
            }
        }
        return lines
    }

    /// "Event: 12:03 pn51: Connected → Error (no connection)".
    private static func timelineLines(_ canvas: Canvas) -> [PlainLine] {
        let label = canvas.text("ui.plain.label.event")
        let entries = canvas.settings.timeline
        guard !entries.isEmpty else { return [PlainLine(label, canvas.text("ui.timeline.empty"))] }
        return entries.indices.prefix(8).map { index in
            let entry = entries[index]
            let words = TimelineView.words(canvas, entry, previous: TimelineView.previousStatus(entries, before: index))
            return PlainLine(label, canvas.model.clock.time(entry.at) + " " + words)
        }
    }

    /// "Server history: pn51, 12:03, 3060 ms".
    private static func historyLines(_ canvas: Canvas) -> [PlainLine] {
        let text = canvas.text
        let label = text("ui.panel.history")
        let history = canvas.settings.serverHistory
        guard !history.isEmpty else { return [PlainLine(label, text("ui.history.empty"))] }
        return zip(history.prefix(8), canvas.model.time.historyTimeOnly).map { entry, timeOnly in
            let when = timeOnly ? canvas.model.clock.time(entry.lastUsed) : canvas.model.clock.dateAndTime(entry.lastUsed)
            let outcome = entry.successful ? text.milliseconds(entry.durationMs) : text("ui.history.failed")
            return PlainLine(label, list([text.serverName(id: entry.serverId), when, outcome], text))
        }
    }

    /// Words joined as the language lists them ("a, b, c"; "a、b、c").
    static func list(_ words: [String], _ text: UIText) -> String {
        guard var result = words.first else { return "" }
        for word in words.dropFirst() {
            result = text("ui.plain.list_pair", ["first": result, "second": word])
        }
        return result
    }
}
