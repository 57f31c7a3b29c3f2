import AppCore
import ArgumentParser
import BackendClient
import Connectivity
import Fleet
import Glibc
import SettingsUI

/// `fleet --prometheus URL [--token-file FILE] [--json]` (SPEC §15.4): every facility's box
/// from the central Prometheus's (or VictoriaMetrics's) query API, worst first. On a terminal
/// the app's own screen (keys, languages, `--plain`); otherwise, or with `--json`, one answer
/// printed. Exit 0 with an answer, 2 when the source could not be asked or answered no query
/// answer, 1 for a URL or token file that cannot be used.
struct FleetCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "fleet", abstract: HelpText.text("cli.help.fleet"))
    }

    static var sendsRequests: Bool { true }

    @Option(help: HelpText.help("cli.help.fleet.prometheus", valueName: "url")) var prometheus: String
    @Option(name: .customLong("token-file"), help: HelpText.help("cli.help.fleet.token_file", valueName: "file"))
    var tokenFile: String?
    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let state = context.store.getState()
        var settings = try context.transportConfiguration()
            .settings(caBundleSetting: state.caBundle, certWarningDays: state.certWarningDays)
        // The connection timeout of settings.json bounds a query as it bounds a check.
        settings.connectTimeoutMs = state.connectionTimeout * 1000
        settings.totalTimeoutMs = state.connectionTimeout * 1000
        let source: FleetSource
        do {
            source = try FleetSource(url: prometheus, tokenFile: tokenFile, settings: settings)
        } catch {
            let (key, parameters) = Self.message(error)
            context.console.error(key, parameters)
            throw ExitCode.failure
        }
        if !json && isatty(STDOUT_FILENO) == 1 {
            try TerminalApp.run(context: context, fleet: source)
        }
        let outcome = SynchronousWait.result { await FleetQuery.run(source, transport: CurlEngine.shared) }
        let words = FleetText(language: state.currentLanguage)
        switch outcome {
        case .failed(let problem):
            context.console.diagnostic(context.console.text("cli.error.prefix") + ": " + words.problem(problem))
            throw ExitCode(2)
        case .rows(let rows):
            if json {
                context.console.output(json: FleetReport.json(rows, source: source.baseURL))
            } else {
                context.console.output(([words.summary(rows)] + rows.map(words.sentence)).joined(separator: "\n"))
            }
        }
    }

    static func message(_ problem: FleetSource.Problem) -> (String, [String: String]) {
        switch problem {
        case .invalidURL: ("cli.fleet.invalid_url", [:])
        case .credentialsInURL: ("cli.fleet.credentials_in_url", [:])
        case .tokenOverPlainHTTP: ("cli.fleet.token_over_http", [:])
        case let .token(problem, path): (problem.key, problem.parameters(path: path))
        }
    }
}

/// `fleet --json`: `{source, boxes: [{facility, box, status, serverInUse, fallback, uptime24h,
/// p95Ms, certificateDaysLeft, lastRoundAgeSeconds, silent, probeIntervalSeconds, servers: […]}]}`,
/// worst first, English keys and stable status codes.
enum FleetReport {
    static func json(_ rows: [FleetRow], source: String) -> JSON {
        func number(_ value: Double?) -> JSON { value.map(JSON.double) ?? .null }
        let boxes = rows.map { row -> JSON in
            let servers = row.servers.map { server -> JSON in
                .object(["id": .string(server.id), "inUse": .bool(server.inUse), "up": server.up.map(JSON.bool) ?? .null,
                         "uptime24h": number(server.uptime24h), "p95Ms": number(server.p95Ms),
                         "certificateDaysLeft": number(server.certificateDaysLeft)])
            }
            let inUse = row.inUse
            return .object(["facility": .string(row.facility), "box": .string(row.box), "status": .string(row.status.rawValue),
                            "serverInUse": .optional(row.serverInUse), "fallback": .bool(row.fallback),
                            "uptime24h": number(inUse?.uptime24h), "p95Ms": number(inUse?.p95Ms),
                            "certificateDaysLeft": number(inUse?.certificateDaysLeft),
                            "lastRoundAgeSeconds": number(row.lastRoundAgeSeconds), "silent": .bool(row.isSilent),
                            "probeIntervalSeconds": .double(row.probeIntervalSeconds), "servers": .array(servers)])
        }
        return .object(["source": .string(source), "boxes": .array(boxes)])
    }
}
