import Localization

/// The status page as one self-contained HTML document in one language (SPEC §16): inline
/// style, no script, no outside resource, `refresh` every 30 s, readable on an iPad held
/// upright and on a phone. Every text from a server, a file or a hook goes through
/// `HTMLText.escaped` (the one sanitizer, then HTML escaping).
///
/// What a static page can say about its own age, without script: the time it was made and
/// the time after which it is stale, in words a person compares with the clock on the iPad;
/// and a banner that CSS reveals once the page has stayed on screen for 3 probe intervals
/// without being replaced (the refresh failed, or the device kept the old page). It cannot
/// tell that a refresh brought back the same old file: that is what the words are for.
public struct StatusPageHTML {
    /// The comment every page starts with: the writer replaces only files that carry it.
    public static let marker = "<!-- verbumcare-tui status page: rewritten after every round; edits are lost -->"
    /// Seconds between the page's own reloads.
    public static let refreshSeconds = 30

    let model: StatusPageModel
    let language: AppLanguage
    let clock: StatusPageClock
    let localizer: Localizer

    public init(model: StatusPageModel, language: AppLanguage, clock: StatusPageClock) {
        self.model = model
        self.language = language
        self.clock = clock
        localizer = Localizer(language: language)
    }

    /// The file name of a language's page (`index.html` is the facility's language).
    public static func fileName(_ language: AppLanguage) -> String {
        "\(language.rawValue).html"
    }

    public var document: String {
        var html = "<!DOCTYPE html>\n" + Self.marker + "\n"
        html += "<html lang=\"\(language.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta http-equiv=\"refresh\" content=\"\(Self.refreshSeconds)\">\n"
        html += "<title>" + text("page.title") + title + "</title>\n"
        html += "<style>\n" + style + "</style>\n</head>\n<body>\n<main>\n"
        html += staleBanner + drillBanner + header + stateBox + adviceBox + serverTable + incidentTable + footer
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    // MARK: Parts

    private var title: String {
        model.facilityName.map { " · " + HTMLText.escaped($0) } ?? ""
    }

    private var header: String {
        var html = "<header>\n"
        if let name = model.facilityName, !name.isEmpty {
            html += "<p class=\"facility\">" + HTMLText.escaped(name) + "</p>\n"
        }
        html += "<h1>" + text("page.title") + "</h1>\n"
        html += "<p class=\"made\" id=\"made\">" + text("page.made", ["time": clock.dateTime(model.madeAt) + " (" + clock.offsetText + ")"])
            + " <strong>" + text("page.stale_rule", ["time": clock.dateTime(model.staleAfter)]) + "</strong></p>\n"
        html += "</header>\n"
        return html
    }

    /// Hidden until the page has been on screen for 3 probe intervals unreplaced (CSS only).
    private var staleBanner: String {
        let age = DurationText.text(seconds: model.staleAfter - model.madeAt) { localizer.text($0, $1) }
        return "<p class=\"stale\" id=\"stale\" role=\"alert\">⚠ " + text("page.stale_banner", ["duration": HTMLText.escaped(age)]) + "</p>\n"
    }

    private var drillBanner: String {
        guard let drill = model.drill else { return "" }
        let server = serverName(id: drill.serverId)
        let scenario = localizer.hasText("page.drill.scenario.\(drill.scenario)")
            ? text("page.drill.scenario.\(drill.scenario)") : HTMLText.escaped(drill.scenario)
        return "<section class=\"drill\" id=\"drill\"><p class=\"drillword\">" + text("drill.mark") + "</p>\n<p>"
            + text("page.drill.detail", ["server": server, "scenario": scenario, "time": clock.short(drill.since)])
            + "</p></section>\n"
    }

    private var stateBox: String {
        let line = model.configured
        var html = "<section class=\"state \(line.condition.rawValue)\" id=\"state\">\n"
        html += "<p class=\"label\">" + text("page.configured", ["server": serverName(line.server)]) + "</p>\n"
        html += "<p class=\"word\" id=\"word\"><span class=\"mark\">" + Self.mark(line.condition) + "</span> <span class=\"w\" id=\"w\">"
            + text("page.condition.\(line.condition.rawValue)") + "</span></p>\n"
        if let since = line.since {
            html += "<p class=\"since\">" + text("page.since", ["time": clock.short(since)]) + "</p>\n"
        }
        if let uptime = model.uptimeDay {
            html += "<p class=\"uptime\">" + text("page.uptime", ["percent": Self.percent(uptime)]) + "</p>\n"
        }
        html += "</section>\n"
        return html
    }

    private var adviceBox: String {
        let advice: String
        let kind: String
        switch model.advice {
        case .asUsual:
            (kind, advice) = ("usual", text("page.advice.as_usual"))
        case .expectSlowness(nil):
            (kind, advice) = ("slow", text("page.advice.slow"))
        case .expectSlowness(let paperAt?):
            (kind, advice) = ("slow", text("page.advice.no_server", ["time": clock.short(paperAt)]))
        case .useServer(let id):
            (kind, advice) = ("other", text("page.advice.use_server", ["configured": serverName(model.configured.server),
                                                                       "server": serverName(id: id)]))
        case .recordOnPaper(let since):
            (kind, advice) = ("paper", text("page.advice.paper", ["minutes": String(model.triggerMinutes),
                                                                  "time": clock.short(since)]))
        }
        return "<section class=\"advice \(kind)\" id=\"advice\" data-advice=\"\(kind)\">\n<h2>" + text("page.advice.heading")
            + "</h2>\n<p>" + advice + "</p>\n</section>\n"
    }

    private var serverTable: String {
        var html = "<section id=\"servers\">\n<h2>" + text("page.servers.heading") + "</h2>\n<table>\n"
        for line in model.servers {
            html += "<tr class=\"\(line.condition.rawValue)\"><td>" + serverName(line.server) + "</td><td>"
                + Self.mark(line.condition) + " " + text("page.condition.\(line.condition.rawValue)")
                + (line.since.map { "<br><small>" + text("page.since", ["time": clock.short($0)]) + "</small>" } ?? "")
                + "</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    private var incidentTable: String {
        var html = "<section id=\"incidents\">\n<h2>" + text("page.incidents.heading") + "</h2>\n"
        guard !model.incidents.isEmpty else { return html + "<p>" + text("page.incidents.none") + "</p>\n</section>\n" }
        html += "<table>\n<tr><th>" + text("page.column.time") + "</th><th>" + text("page.column.server") + "</th><th>"
            + text("page.column.reason") + "</th></tr>\n"
        let nowMs = Int64((model.madeAt * 1000).rounded())
        for incident in model.incidents {
            let start = Double(incident.start) / 1000
            let end = incident.end.map { clock.short(Double($0) / 1000) } ?? text("page.incident.ongoing")
            let duration = DurationText.text(seconds: Double(incident.durationSeconds(now: nowMs))) { localizer.text($0, $1) }
            let server: String
            if let from = WatchState.FallbackSpell.fallenFrom(incidentId: incident.serverId) {
                server = text("page.incident.fallback", ["server": serverName(id: from)])
            } else {
                server = serverName(id: incident.serverId)
            }
            html += "<tr class=\"\(incident.isOpen ? "open" : "closed")\"><td>" + clock.short(start) + " – " + end
                + " <small>(" + HTMLText.escaped(duration) + ")</small></td><td>" + server + "</td><td>"
                + HTMLText.escaped(ReasonWords.short(incident.reason, localizer: localizer)) + "</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    private var footer: String {
        let links = AppLanguage.allCases.map { other in
            "<a href=\"\(Self.fileName(other))\" lang=\"\(other.rawValue)\">" + HTMLText.escaped(other.nativeName) + "</a>"
        }
        return "<footer><p>" + links.joined(separator: " · ") + "</p></footer>\n"
    }

    // MARK: Words

    /// A catalog text with its parameters, escaped (parameters are escaped before they are put
    /// in: callers pass escaped names; times and numbers are ours).
    private func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        let template = HTMLText.escaped(localizer.text(key, [:]))
        return Localizer.substitute(template, parameters)
    }

    private func serverName(_ server: ServerConfig) -> String {
        HTMLText.escaped(ServerNames.name(server, localizer: localizer))
    }

    private func serverName(id: String) -> String {
        let servers = model.servers.map(\.server)
        return HTMLText.escaped(ServerNames.name(id: id, servers: servers, formerNames: [:], localizer: localizer))
    }

    /// The mark beside a condition's word (the word says it; the mark and the border's style
    /// say it again without colour).
    static func mark(_ condition: StatusPageModel.Condition) -> String {
        switch condition {
        case .up: "✓"
        case .slow: "▲"
        case .down: "✕"
        case .checking: "…"
        }
    }

    static func percent(_ ratio: Double) -> String {
        let tenths = Int((min(max(ratio, 0), 1) * 1000).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }

    private var style: String {
        let staleDelay = max(1, Int((model.staleAfter - model.madeAt).rounded(.up)))
        return """
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP","Noto Sans CJK TC",sans-serif;font-size:18px;line-height:1.5;color:#111;background:#fff}
        main{max-width:760px;margin:0 auto;padding:12px}
        h1{font-size:1.4em;margin:.2em 0}
        h2{font-size:1.15em;margin:.8em 0 .3em}
        p{margin:.3em 0;overflow-wrap:anywhere}
        .facility{font-weight:700;font-size:1.1em}
        .made{font-size:.95em}
        .state{border:8px solid #0a7a2f;border-radius:14px;padding:12px;text-align:center;margin:10px 0}
        .state.slow{border-color:#a15c00;border-style:dashed}
        .state.down{border-color:#b00020;border-style:double;border-width:14px}
        .state.checking{border-color:#555;border-style:dotted}
        .label{font-size:1.1em;font-weight:600}
        .word{font-size:min(11vw,96px);font-weight:800;line-height:1.15;margin:.1em 0;overflow-wrap:normal;word-break:keep-all}
        .word .w{white-space:nowrap}
        .since,.uptime{font-size:1.1em}
        .advice{border:4px solid #111;border-radius:10px;padding:10px 14px;font-size:1.2em;margin:10px 0}
        .advice.paper,.advice.other{border-width:8px;font-weight:700}
        .advice h2{margin-top:0}
        table{width:100%;border-collapse:collapse;table-layout:fixed}
        td,th{border-bottom:1px solid #999;padding:6px 4px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
        .drill{background:repeating-linear-gradient(45deg,#ffd400 0 14px,#111 14px 28px);padding:10px;border-radius:10px;margin:10px 0}
        .drill p{background:#fff;margin:0;padding:6px 10px}
        .drillword{font-size:min(12vw,64px);font-weight:800;text-align:center}
        .stale{max-height:0;overflow:hidden;visibility:hidden;margin:0;background:#111;color:#fff;font-weight:700;font-size:1.2em;padding:0 12px;animation:stale 0s linear \(staleDelay)s forwards}
        @keyframes stale{to{max-height:40em;visibility:visible;padding:12px}}
        footer{margin-top:16px;font-size:1.05em}
        a{color:#0645ad}

        """
    }
}
