import Localization

/// The formats `report --format` writes (SPEC §16), each one renderer of `BCPReport`.
public enum BCPReportFormat: String, CaseIterable, Sendable {
    case md
    case csv
    case html
    case json

    /// The report in this format: bytes as they go to the file (the CSV starts with a BOM).
    public func render(_ report: BCPReport, localizer: Localizer, time: ReportTime) -> [UInt8] {
        switch self {
        case .json:
            return Array(BCPReportJSON.document(report, localizer: localizer, time: time).written(.pretty).utf8)
        case .md:
            return Array(BCPReportMarkdown.text(BCPReportSheet(report, localizer: localizer, time: time)).utf8)
        case .csv:
            return [0xEF, 0xBB, 0xBF] + Array(BCPReportCSV.text(BCPReportSheet(report, localizer: localizer, time: time)).utf8)
        case .html:
            return Array(BCPReportHTML.text(BCPReportSheet(report, localizer: localizer, time: time),
                                            language: localizer.language).utf8)
        }
    }
}

/// `md`: prints and pastes. The header as a list, the systems and drills as tables, each
/// incident as a table of its fields (fifteen columns do not fit a page side by side).
enum BCPReportMarkdown {
    static func text(_ sheet: BCPReportSheet) -> String {
        var lines = ["# " + cell(sheet.title), ""]
        lines += sheet.header.map { "- **" + cell($0.label) + "**: " + cell($0.value) }
        lines += ["", "## " + cell(sheet.systemsTitle), ""]
        lines += table(sheet.systemColumns, sheet.systemRows)
        lines += ["", "## " + cell(sheet.incidentsTitle), ""]
        if sheet.incidentRows.isEmpty { lines.append(cell(sheet.noIncidents)) }
        for row in sheet.incidentRows {
            lines += ["### " + cell(sheet.incidentColumns[0]) + " " + cell(row[0]) + " — " + cell(row[5]), ""]
            lines += table(["", ""], zip(sheet.incidentColumns, row).dropFirst().map { [$0.0, $0.1] })
            lines.append("")
        }
        lines += ["", "## " + cell(sheet.drillsTitle), ""]
        if sheet.drillRows.isEmpty { lines.append(cell(sheet.noDrills)) } else { lines += table(sheet.drillColumns, sheet.drillRows) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func table(_ columns: [String], _ rows: [[String]]) -> [String] {
        ["| " + columns.map(cell).joined(separator: " | ") + " |",
         "|" + String(repeating: "---|", count: columns.count)]
            + rows.map { "| " + $0.map(cell).joined(separator: " | ") + " |" }
    }

    /// Text in a table cell: a `|` would end the cell, a line break the row; `<`, `&` and `*`
    /// would be read as markup by the viewer that prints it.
    static func cell(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "|": out += "\\|"
            case "\n": out += "<br>"
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case "*", "_", "`", "[", "]", "#": out += "\\" + String(c)
            default: out.append(c)
            }
        }
        return out
    }
}

/// `csv`: RFC 4180, one row per incident under a header row in the report's language (the
/// facility's header and systems are in `md`, `html` and `json`; a spreadsheet wants one table).
/// A cell that starts with `=`, `+`, `-` or `@` is prefixed with `'`, so a note cannot become a
/// formula when the file is opened in a spreadsheet.
public enum BCPReportCSV {
    static func text(_ sheet: BCPReportSheet) -> String {
        ([sheet.incidentColumns] + sheet.incidentRows).map { $0.map(field).joined(separator: ",") }
            .joined(separator: "\r\n") + "\r\n"
    }

    public static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }
}

/// `html`: one self-contained file (inline style, no script, no outside resource), A4 when
/// printed. Every text is escaped (`HTMLText`).
enum BCPReportHTML {
    static func text(_ sheet: BCPReportSheet, language: AppLanguage) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <title>\(escaped(sheet.title))</title>
            <style>
            @page { size: A4; margin: 15mm; }
            body { font-family: "Noto Sans CJK JP", "Noto Sans CJK TC", sans-serif; font-size: 10pt; color: #000; }
            h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.5em; } h3 { font-size: 11pt; }
            table { border-collapse: collapse; width: 100%; margin-bottom: 1em; page-break-inside: auto; }
            tr { page-break-inside: avoid; }
            th, td { border: 1px solid #444; padding: 2px 4px; text-align: left; vertical-align: top; white-space: pre-wrap; }
            th { background: #eee; }
            .incident th { width: 28%; }
            </style>
            </head>
            <body>
            <h1>\(escaped(sheet.title))</h1>

            """
        html += "<table>\n" + sheet.header.map { "<tr><th>" + escaped($0.label) + "</th><td>" + escaped($0.value) + "</td></tr>" }
            .joined(separator: "\n") + "\n</table>\n"
        html += "<h2>" + escaped(sheet.systemsTitle) + "</h2>\n" + table(sheet.systemColumns, sheet.systemRows)
        html += "<h2>" + escaped(sheet.incidentsTitle) + "</h2>\n"
        if sheet.incidentRows.isEmpty { html += "<p>" + escaped(sheet.noIncidents) + "</p>\n" }
        for row in sheet.incidentRows {
            html += "<h3>" + escaped(sheet.incidentColumns[0] + " " + row[0] + " — " + row[5]) + "</h3>\n<table class=\"incident\">\n"
            html += zip(sheet.incidentColumns, row).dropFirst()
                .map { "<tr><th>" + escaped($0.0) + "</th><td>" + escaped($0.1) + "</td></tr>" }
                .joined(separator: "\n") + "\n</table>\n"
        }
        html += "<h2>" + escaped(sheet.drillsTitle) + "</h2>\n"
        html += sheet.drillRows.isEmpty ? "<p>" + escaped(sheet.noDrills) + "</p>\n" : table(sheet.drillColumns, sheet.drillRows)
        return html + "</body>\n</html>\n"
    }

    /// The one way pages are escaped (`HTMLText`), with the notes' line breaks kept.
    private static func escaped(_ text: String) -> String { HTMLText.escaped(text, keepingLineBreaks: true) }

    private static func table(_ columns: [String], _ rows: [[String]]) -> String {
        "<table>\n<tr>" + columns.map { "<th>" + escaped($0) + "</th>" }.joined() + "</tr>\n"
            + rows.map { "<tr>" + $0.map { "<td>" + escaped($0) + "</td>" }.joined() + "</tr>" }.joined(separator: "\n")
            + "\n</table>\n"
    }
}

extension String {
    /// Every `target` replaced (the standard library's own, without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
