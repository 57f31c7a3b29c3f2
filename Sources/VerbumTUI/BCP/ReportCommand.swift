import AppCore
import ArgumentParser
import FoundationEssentials
import History
import SettingsStore
import Watch

/// `report [--from DATE] [--to DATE] [--format md|csv|html|json] [--output FILE]`: the
/// facility's BCP record of the period (SPEC §16) in the run's language, from history, the
/// alert outbox, the settings and the drill record. Reads; writes only `--output`.
struct ReportCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "report", abstract: HelpText.text("cli.help.report"))
    }

    @Option(help: HelpText.help("cli.help.report.from")) var from: String?
    @Option(help: HelpText.help("cli.help.report.to")) var to: String?
    @Option(help: HelpText.help("cli.help.report.format")) var format: String?
    @Option(help: HelpText.help("cli.help.report.output"), completion: .file()) var output: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    /// The period when none is given: the last 30 days.
    static let defaultDays: Int64 = 30

    func execute(context: CommandContext) throws {
        let console = context.console
        let now = Int64(context.clock.now() * 1000)
        let chosen = format ?? BCPReportFormat.md.rawValue
        guard let kind = BCPReportFormat(rawValue: chosen) else {
            console.error("cli.report.unknown_format", ["value": TextSanitizer.clean(chosen),
                                                        "formats": BCPReportFormat.allCases.map(\.rawValue).joined(separator: ", ")])
            throw ExitCode.failure
        }
        let period = try Self.period(from: from, to: to, now: now, console: console)
        var path: String?
        if let output {
            let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
            // Refused before anything is read or written.
            if let refusal = ReportOutput.check(absolute) { throw Self.refused(refusal, console: console) }
            path = absolute
        }
        let input = BCPReportReader.input(context: context, from: period.from, to: period.to, now: now)
        let bytes = kind.render(BCPReport.make(input), localizer: console.localizer, time: ReportDate.localTime)
        guard let path else {
            return console.output(String(decoding: bytes, as: UTF8.self))
        }
        do {
            try ReportOutput.write(bytes, to: path)
        } catch let refusal as ReportOutput.Refusal {
            throw Self.refused(refusal, console: console)
        } catch {
            console.error("cli.report.write_failed", ["path": TextSanitizer.clean(path), "reason": ErrorReason.text(error)])
            throw ExitCode.failure
        }
        console.diagnostic(console.text("cli.report.written", ["path": TextSanitizer.clean(path)]))
    }

    /// `--from` and `--to` as instants; refused when either is not a date or `--from` is after `--to`.
    @MainActor
    static func period(from: String?, to: String?, now: Int64, console: Console) throws -> (from: Int64, to: Int64) {
        func parse(_ text: String?, endOfDay: Bool, default value: Int64) throws -> Int64 {
            guard let text else { return value }
            guard let ms = ReportDate.parse(text, endOfDay: endOfDay) else {
                console.error("cli.report.bad_date", ["value": TextSanitizer.clean(text)])
                throw ExitCode.failure
            }
            return ms
        }
        let end = try parse(to, endOfDay: true, default: now)
        let start = try parse(from, endOfDay: false, default: end - defaultDays * 86_400_000)
        guard start <= end else {
            console.error("cli.report.bad_range", ["from": TextSanitizer.clean(from ?? ""), "to": TextSanitizer.clean(to ?? "")])
            throw ExitCode.failure
        }
        return (start, end)
    }

    @MainActor
    private static func refused(_ refusal: ReportOutput.Refusal, console: Console) -> ExitCode {
        switch refusal {
        case .folderNotWritable(let folder): console.error("cli.report.folder_not_writable", ["folder": TextSanitizer.clean(folder)])
        case .notOurs(let path): console.error("cli.report.not_ours", ["path": TextSanitizer.clean(path)])
        }
        return ExitCode.failure
    }
}
