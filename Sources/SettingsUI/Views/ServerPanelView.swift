import AppCore
import TerminalRendering

/// The read-only server panel: name, description, address, source, status with response time
/// and sparkline, when it was checked, and one row per check.
enum ServerPanelView {
    /// A content row and how readily it is dropped when the panel is short (higher goes first).
    private struct Row {
        var line: Line
        var dropOrder: Int
        /// For the first row of wrapped text: the whole text on one row ending in `…`, shown
        /// when the rows after it were dropped.
        var shortened: Line?
        /// For the "checked N s ago" row: where its value starts (the value is its own region).
        var valueOffset: Int?
    }

    /// What the panel drew: the rows it took, and where the value of "checked N s ago" goes.
    struct Drawn: Equatable {
        var rows: Int
        var checkedSlot: Rect?
    }

    /// Draws the panel but the value of "checked N s ago", which changes every second and is
    /// drawn in the slot returned (the slot starts after the padded label and ends at the
    /// border, so the value is cut where the whole row would be), so the panel's model leaves
    /// time out.
    static func render(_ canvas: inout Canvas, in area: Rect) -> Drawn {
        guard !area.isEmpty else { return Drawn(rows: 0) }
        let innerWidth = canvas.textWidth(inBoxOf: area.width)
        let all = self.rows(canvas, width: innerWidth)
        let room = max(0, area.height - 2)
        // Drop the least important rows until the rest fit, keeping their order; a wrapped text
        // that lost its second row ends its first in `…`.
        var kept = Array(all.indices)
        while kept.count > room, let victim = kept.indices.max(by: { all[kept[$0]].dropOrder < all[kept[$1]].dropOrder }) {
            kept.remove(at: victim)
        }
        let rows = kept.map { index in
            var row = all[index]
            if let shortened = row.shortened, !kept.contains(index + 1) {
                row.line = shortened
            }
            return row
        }
        let boxArea = Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, rows.count + 2))
        let inner = canvas.box(boxArea, title: Line(canvas.text("ui.panel.server"), style: .bold)).inset(left: 1, right: 1)
        var slot: Rect?
        for (index, row) in rows.enumerated() {
            canvas.draw(row.line, in: inner.row(index))
            if let offset = row.valueOffset, offset < inner.width, index < inner.height {
                slot = inner.row(index).inset(left: offset)
            }
        }
        return Drawn(rows: boxArea.height, checkedSlot: slot)
    }

    private static func rows(_ canvas: Canvas, width: Int) -> [Row] {
        let settings = canvas.settings
        let text = canvas.text
        let server = settings.currentServer
        // Drop order on a short screen: the blank row, second rows of wrapped text, websocket,
        // auth, api, description, checked, source, health, address; never the name or status.
        var rows = [Row(line: Line(text.serverName(server), style: .bold), dropOrder: 0)]
        rows += wrapped(Line(text.serverDescription(server), style: .colored(.muted)), width: width, canvas: canvas,
                        dropOrders: [7, 11])
        let address = URLShortener.shorten(UIText.clean(server.baseUrl), toWidth: width, metrics: canvas.metrics)
        rows.append(Row(line: Line(address, style: .colored(.accent)), dropOrder: 3))
        rows += wrapped(sourceLine(canvas), width: width, canvas: canvas, dropOrders: [5, 11])
        rows.append(Row(line: Line(""), dropOrder: 12))
        let status = currentStatus(settings)
        let uptime = uptimeLine(canvas, server: server)
        let mute = canvas.model.time.mute(of: server.id)
        let labelWidth = labelColumn(canvas, certificate: status?.certificate != nil, uptime: uptime != nil, alerts: mute != nil)
        rows.append(Row(line: statusLine(canvas, labelWidth: labelWidth, width: width), dropOrder: 0))
        rows.append(Row(line: labeled(text("ui.checked"), Line(""), labelWidth: labelWidth, canvas: canvas),
                        dropOrder: 6, valueOffset: labelWidth))
        if let uptime {
            rows += uptimeRows(canvas, uptime, labelWidth: labelWidth, width: width)
        }
        if let mute {
            // A row of its own, so a long uptime row (coverage in Chinese) never cuts it.
            let value = Line(text("ui.muted_until", ["time": canvas.model.clock.time(mute.until)]), style: .colored(.warning))
            rows.append(Row(line: labeled(text("ui.panel.alerts"), value, labelWidth: labelWidth, canvas: canvas),
                            dropOrder: 6))
        }
        if let status, let days = status.certificateDaysLeft {
            // "Certificate  ends in 10 days", in the warning colour once `cert_expiring` applies.
            let expiring = status.warnings.first { $0.code == .certExpiring }
            var value = Line(text("ui.panel.certificate_ends", ["days": String(days)]),
                             style: expiring != nil ? .colored(.warning) : .plain)
            if let expiring {
                // Within the warning window: a mark and a word too, never colour alone.
                value.spans.insert(StatusIndicator.warningSpan(expiring, canvas: canvas), at: 0)
                value.spans.insert(Span(" "), at: 1)
            }
            rows.append(Row(line: labeled(text("ui.panel.certificate"), value, labelWidth: labelWidth, canvas: canvas),
                            dropOrder: expiring != nil ? 6 : 10))
        }
        if settings.preferences.showCheckDetails {
            let dropOrders: [CheckEndpoint: Int] = [.health: 4, .api: 8, .auth: 9, .websocket: 10]
            for endpoint in CheckEndpoint.allCases {
                let check = status?.checks.first { $0.endpoint == endpoint }
                rows.append(Row(line: checkLine(canvas, endpoint: endpoint, check: check, labelWidth: labelWidth, width: width),
                                dropOrder: dropOrders[endpoint] ?? 10))
            }
        }
        return rows
    }

    /// "24 h 99.93 % · 30 d 99.99 % (coverage 12.50 %) · p95 52 ms" for the server in use, from
    /// history (SPEC §15.2; coverage where it is under 100 %); nil before anything was recorded.
    private static func uptimeLine(_ canvas: Canvas, server: ServerConfig) -> Line? {
        guard let figures = canvas.model.watch.history?.figures[server.id], figures[.day]?.probes ?? 0 > 0 else { return nil }
        let history = HistoryText(language: canvas.settings.currentLanguage, clock: canvas.model.clock)
        return Line(canvas.text("ui.uptime_summary", [
            "day": history.uptimeWithCoverage(figures[.day]), "month": history.uptimeWithCoverage(figures[.month]),
            "p95": history.milliseconds(figures[.day]?.p95Ms),
        ]))
    }

    /// The uptime row, its parts ("24 h …", "30 d …", "p95 …") carried onto rows of their own
    /// under the value column when they do not fit beside each other, never cut while a row
    /// can hold them; a short panel drops the second row and shows the first ending in `…`.
    private static func uptimeRows(_ canvas: Canvas, _ uptime: Line, labelWidth: Int, width: Int) -> [Row] {
        let separator = " · "
        let room = max(1, width - labelWidth)
        var pieces: [String] = []
        for part in Self.pieces(of: uptime.text, between: separator) {
            if let last = pieces.last, canvas.width(last + separator + part) <= room {
                pieces[pieces.count - 1] = last + separator + part
            } else {
                pieces.append(part)
            }
        }
        let label = canvas.text("ui.panel.uptime")
        var rows: [Row] = []
        for (index, piece) in pieces.enumerated() {
            let value = Line(canvas.metrics.truncate(piece, toWidth: room))
            var row = Row(line: labeled(index == 0 ? label : "", value, labelWidth: labelWidth, canvas: canvas),
                          dropOrder: index == 0 ? 9 : 11)
            if index == 0, pieces.count > 1 {
                row.shortened = labeled(label, Line(canvas.metrics.truncate(uptime.text, toWidth: room)),
                                        labelWidth: labelWidth, canvas: canvas)
            }
            rows.append(row)
        }
        return rows
    }

    /// `text` cut at every `separator`, empty pieces kept, by comparing bytes. The uptime line is
    /// catalog words and figures, and the separator begins and ends with a space, so a match of
    /// its bytes is a match of whole characters. (`split(separator:)` with a string went through
    /// _StringProcessing's generic searcher: most of the panel's time in a language switch,
    /// issue 26.)
    static func pieces(of text: String, between separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let mark = Array(separator.utf8)
        guard !mark.isEmpty, bytes.count >= mark.count else { return [text] }
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index + mark.count <= bytes.count {
            if bytes[index] == mark[0], bytes[index..<(index + mark.count)].elementsEqual(mark) {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += mark.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }

    /// A one-style line wrapped onto up to `dropOrders.count` rows, the last ending in `…` when
    /// text was left out.
    private static func wrapped(_ line: Line, width: Int, canvas: Canvas, dropOrders: [Int]) -> [Row] {
        let style = line.spans.first?.style ?? .plain
        let pieces = LineBreaker.wrap(line.text, width: max(1, width), metrics: canvas.metrics)
        var rows: [Row] = []
        for (index, piece) in pieces.prefix(dropOrders.count).enumerated() {
            let isLast = index == dropOrders.count - 1 || index == pieces.count - 1
            let rest = pieces[index...].joined(separator: " ")
            var row = Row(line: Line(isLast ? canvas.metrics.truncate(rest, toWidth: width) : piece, style: style),
                          dropOrder: dropOrders[index])
            if !isLast {
                row.shortened = Line(canvas.metrics.truncate(rest, toWidth: width), style: style)
            }
            rows.append(row)
        }
        return rows
    }

    /// The last test, if it was of the current server.
    static func currentStatus(_ settings: SettingsState) -> DetailedStatus? {
        guard let status = settings.detailedStatus, status.serverId == settings.currentServer.id else { return nil }
        return status
    }

    private static func sourceLine(_ canvas: Canvas) -> Line {
        let text = canvas.text
        switch canvas.settings.serverSource {
        case .nativeSettings:
            return Line(text("source.native_settings"))
        case .default:
            return Line(text("source.default"))
        case .fallback:
            guard let fallback = canvas.settings.fallback else {
                return Line(text("source.fallback", ["server": "?", "reason": "?"]), style: .colored(.warning))
            }
            let parameters = ["server": text.serverName(id: fallback.fromServerId), "reason": text.shortError(fallback.reason)]
            // Once the configured server answers again, its failure is history.
            let key = fallback.configuredRecovered ? "source.fallback_recovered" : "source.fallback"
            return Line(text(key, parameters), style: .colored(.warning))
        }
    }

    /// Width of the label column: the widest of "Status", "Checked", the check names and,
    /// when a certificate is known, "Certificate".
    private static func labelColumn(_ canvas: Canvas, certificate: Bool, uptime: Bool, alerts: Bool) -> Int {
        let labels = [canvas.text("ui.status"), canvas.text("ui.checked")] + CheckEndpoint.allCases.map { checkLabel($0, canvas) }
            + (certificate ? [canvas.text("ui.panel.certificate")] : []) + (uptime ? [canvas.text("ui.panel.uptime")] : [])
            + (alerts ? [canvas.text("ui.panel.alerts")] : [])
        return min(16, labels.map { canvas.width($0) }.max() ?? 0) + 2
    }

    private static func checkLabel(_ endpoint: CheckEndpoint, _ canvas: Canvas) -> String {
        switch endpoint {
        case .health: canvas.text("check.health")
        case .api: canvas.text("check.api")
        case .auth: canvas.text("check.auth")
        case .websocket: canvas.text("check.websocket")
        }
    }

    private static func labeled(_ label: String, _ value: Line, labelWidth: Int, canvas: Canvas) -> Line {
        Line(canvas.fit(label, labelWidth), style: .colored(.muted)) + value
    }

    private static func statusLine(_ canvas: Canvas, labelWidth: Int, width: Int) -> Line {
        let settings = canvas.settings
        let text = canvas.text
        let room = width - labelWidth
        var value = StatusIndicator.word(settings.connectionStatus, canvas: canvas, unchecked: settings.isUnchecked)
        // A probe that has not answered for a while says so; the status keeps its last word.
        let response = StatusIndicator.waitingText(canvas)
            ?? currentStatus(settings)?.responseTime.map(text.milliseconds) ?? "—"
        // Line the response time up with the check rows' when there is room for it.
        let symbolWidth = canvas.plain ? 0 : canvas.width(StatusIndicator.symbol(.connected) + " ")
        let wordColumn = symbolWidth + text.widestStatusWord(canvas.metrics) + 2
        let free = room - value.width(canvas.metrics) - canvas.width(response)
        let padding = max(1, min(max(2, wordColumn - value.width(canvas.metrics)), free))
        value.spans.append(Span(String(repeating: " ", count: padding) + response))
        // A slow answer says so in words next to its time (the certificate has its own row).
        for warning in StatusIndicator.currentWarnings(settings) where warning.code == .slowResponse {
            value.spans.append(Span("  "))
            value.spans.append(StatusIndicator.warningSpan(warning, canvas: canvas))
        }
        if !canvas.plain {
            // As wide as the panel allows: more history on a wider screen.
            let bars = Sparkline(settings.responseTimes).text(width: room - value.width(canvas.metrics) - 3,
                                                               metrics: canvas.metrics)
            if !bars.isEmpty {
                value.spans.append(Span("   "))
                value.spans.append(Span(bars, style: .colored(.accent)))
            }
        }
        return labeled(text("ui.status"), value, labelWidth: labelWidth, canvas: canvas)
    }

    /// Each phase on its own from libcurl's cumulative times: name resolution, TCP connect, TLS
    /// handshake (0 on a reused connection), and the wait for the first byte.
    static func phases(_ timings: CheckTimings, _ text: UIText) -> String {
        let connected = max(timings.connectMs, timings.dnsMs)
        let secured = max(timings.tlsMs, connected)
        let ms = MillisecondsText.figure
        return text("ui.phases", ["dns": ms(timings.dnsMs), "connect": ms(max(connected - timings.dnsMs, 0)),
                                  "tls": ms(timings.tlsMs > 0 ? secured - connected : 0),
                                  "first": ms(max(timings.firstByteMs - secured, 0))])
    }

    /// `health    ✓ 200     12 ms`, `auth      ! 401     10 ms  sign-in required`.
    private static func checkLine(_ canvas: Canvas, endpoint: CheckEndpoint, check: CheckResult?, labelWidth: Int,
                                  width: Int) -> Line {
        let text = canvas.text
        let label = checkLabel(endpoint, canvas)
        guard let check else {
            return labeled(label, Line(text("check.not_run"), style: .colored(.muted)), labelWidth: labelWidth, canvas: canvas)
        }
        let needsSignIn = check.error?.code == .authRequired || (endpoint == .auth && check.httpStatus == 401)
        let mark: (symbol: String, word: String, color: SemanticColor)
        // A 401 means "reachable, sign-in needed": never a green check, whatever the outcome says.
        if needsSignIn {
            mark = ("!", text("ui.warning_label"), .warning)
        } else if check.status == .success {
            mark = ("✓", text("check.ok"), .ok)
        } else {
            mark = ("✗", text("check.failed"), .error)
        }
        var value = Line([])
        if canvas.plain {
            let words = [text("check.ok"), text("check.failed"), text("ui.warning_label")]
            let wordWidth = words.map { canvas.width($0) }.max() ?? 0
            let word = needsSignIn ? text("ui.warning_label") : mark.word
            value.spans.append(Span(canvas.fit(word, wordWidth) + " ", style: .colored(mark.color)))
        } else {
            value.spans.append(Span(mark.symbol + " ", style: .colored(mark.color, .bold)))
        }
        value.spans.append(Span(canvas.fit(check.httpStatus.map(String.init) ?? "—", 3, alignment: .right)))
        let milliseconds = Span(canvas.fit(text.milliseconds(check.timings.totalMs), 10, alignment: .right))
        var detail: Span?
        if needsSignIn {
            detail = Span("   " + text("check.auth_required"), style: .colored(.warning))
        } else if let error = check.error, check.status == .failure {
            // What the answer was ("server error 503"), never only "failed".
            let words = text.shortError(error, httpStatus: check.httpStatus)
            detail = Span("   " + words, style: .colored(.error))
        }
        // A narrow panel keeps the reason and gives up the time.
        let full = Line(value.spans + [milliseconds] + (detail.map { [$0] } ?? []))
        if let detail, full.width(canvas.metrics) > width - labelWidth {
            value.spans.append(Span(" " + detail.text.drop { $0 == " " }, style: detail.style))
        } else {
            value = full
            // With room to spare, where the time went (a slow DNS or TLS shows at once).
            if detail == nil || check.status == .success {
                let phases = Span("   " + self.phases(check.timings, text), style: .colored(.muted))
                if value.width(canvas.metrics) + canvas.width(phases.text) <= width - labelWidth {
                    value.spans.append(phases)
                }
            }
        }
        return labeled(label, value, labelWidth: labelWidth, canvas: canvas)
    }
}
