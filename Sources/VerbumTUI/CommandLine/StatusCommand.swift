import FoundationEssentials
import ArgumentParser
import BackendClient
import Connectivity
import Localization
import SettingsStore

/// `status [--json]` (docs/PRODUCT.md: The command line): loads the settings, tests the effective server once (one
/// attempt per check, all at once), applies the fallback rule and prints the result.
/// Exit 0 when the effective server is connected, 2 when not.
struct StatusCommand: VerbumCommand {
    static let sendsRequests = true

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status", abstract: HelpText.text("cli.help.status"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let probe = try Self.makeProbe(context: context)
        let state = context.store.getState()
        let configured = context.store.getState().configuredServer
        let source = context.store.getState().configuredSource
        let fallbackServer = state.availableServers.first { $0.id == FallbackPolicy.fallbackServerId }
            ?? ServerCatalog.defaultServer
        let autoSwitch = state.autoSwitchOnFailure
        // A fallback the app, the monitor or an earlier `status` is in (app-state.json) goes on
        // under the app's own rule, so `status` does not end what they keep (SPEC §6.5).
        let saved = AppStateFile(path: context.paths.appStateFile).load().state
        let inFallback = InUsePolicy.inUseId(saved: saved, servers: state.availableServers, configuredId: configured.id)
            == fallbackServer.id && configured.id != fallbackServer.id
        let outcome = SynchronousWait.result {
            await probe.status(configured: configured, source: source, fallbackServer: fallbackServer,
                               autoSwitchOnFailure: autoSwitch, inFallback: inFallback)
        }
        // What `status` used is recorded in app-state.json (saved when the command ends), so
        // `servers` says the same server is in use (SPEC §11).
        context.store.dispatch(.statusTested(server: outcome.server, source: outcome.source, fallback: outcome.fallback,
                                             result: outcome.result, at: context.store.clock.now()))
        do {
            context.console.report(try context.store.flushPersistence())
        } catch {
            // The record is secondary to the answer: a home that cannot be written (a monitoring
            // user's read-only state folder) still gets its status and exit code, with a warning.
            let message = ErrorReason.writeFailure(error, file: "app-state.json")
            context.console.warning(message.key, message.parameters)
        }
        let console = context.console
        let drill = Self.drillInForce(context: context)
        if json {
            console.output(json: Self.withDrill(Self.json(server: outcome.server, source: outcome.source, result: outcome.result,
                                                          fallback: outcome.fallback, context: context,
                                                          answersAgain: outcome.decision == .switchBackOffered ? configured.id : nil),
                                                drill, console: console))
        } else {
            var lines: [String] = drill.map { [Self.drillLine($0, context: context)] } ?? []
            if let fallback = outcome.fallback, outcome.result.isHealthy {
                // pn51 in use and answering (both unreachable is told on stderr below).
                let notice = ConnectivityMessages.fallbackNotice(failed: configured, reason: fallback.reason,
                                                                 using: outcome.server)
                lines.append(Self.render(notice, console: console))
            }
            switch outcome.decision {
            case .switchBackOffered:
                lines.append(console.text("cli.status.switch_back_offered",
                                          ["server": Self.displayName(configured, console: console),
                                           "fallback": Self.displayName(fallbackServer, console: console)]))
            case .fallbackEnded(let reason):
                lines.append(Self.render(ConnectivityMessages.fallbackEnded(fallback: fallbackServer, reason: reason,
                                                                            configured: configured), console: console))
            case .configured, .fallback, .configuredFailed, .allUnreachable:
                break
            }
            lines += Self.humanLines(server: outcome.server, result: outcome.result, console: console)
            console.output(lines.joined(separator: "\n"))
        }
        switch outcome.decision {
        case .allUnreachable(let reason):
            console.diagnostic(Self.render(ConnectivityMessages.allUnreachable(configured: configured,
                                                                              fallback: fallbackServer, reason: reason),
                                           console: console))
        case .configured, .fallback, .configuredFailed, .switchBackOffered, .fallbackEnded:
            break
        }
        if !outcome.isConnected {
            Self.explainFailure(server: outcome.server, result: outcome.result, console: console)
            throw ExitCode(2)
        }
    }

    // MARK: Shared with `check`

    /// The transport from `--cacert`, `--connect-to`, `VERBUMCARE_CONNECT_TO`, the `ca_bundle`
    /// setting and the CA variables; a malformed `--connect-to` is a usage error.
    @MainActor
    static func makeProbe(context: CommandContext) throws -> StatusProbe {
        let transport = try context.transportConfiguration()
        let file = context.settingsFile.load().settings
        let settings = transport.settings(caBundleSetting: context.store.getState().caBundle,
                                          certWarningDays: file.certWarningDays)
        let prober = ServerProber(paths: context.paths, settings: settings)
        prober.reportCredentials(to: CredentialDiagnostics.reporter(console: context.console))
        return StatusProbe(prober: prober, slowThresholdMs: Double(file.slowThresholdMs))
    }

    /// The JSON object of one tested server (docs/PRODUCT.md: The command line); `check` prints the same shape.
    /// `answersAgain`: during a fallback, the configured server that answers again (the
    /// fallback goes on, the switch back is offered; why it started is not known here).
    @MainActor
    static func json(server: ServerConfig, source: ServerSource?, result: DetailedStatus, fallback: FallbackInfo?,
                     context: CommandContext, answersAgain: String? = nil) -> JSON {
        let console = context.console
        let failed = fallback.flatMap { info in context.store.getState().availableServers.first { $0.id == info.fromServerId } }
        let checks: [JSON] = result.checks.map { checkJSON($0, server: server, console: console) }
        let warnings: [JSON] = result.warnings.map { warningJSON($0, server: server, console: console) }
        let fallbackJSON: JSON = fallback.map { info in
            .object([("fromServerId", .string(info.fromServerId)),
                     ("reason", errorJSON(info.reason, url: failed?.baseUrl ?? server.baseUrl, server: failed ?? server,
                                          console: console)),
                     ("configuredAnswers", .bool(false))])
        } ?? answersAgain.map { id in
            .object([("fromServerId", .string(id)), ("reason", .null), ("configuredAnswers", .bool(true))])
        } ?? .null
        return .object([
            ("server", .object(JSONObject([
                ("id", .string(server.id)),
                ("displayName", .string(server.displayName)),
                ("baseUrl", .string(server.baseUrl)),
                ("source", source.map { .string($0.rawValue) } ?? .null),
            ] + ServerNames.hostFields(server)))),
            ("connectionStatus", .string((result.isHealthy ? ConnectionStatus.connected : .error).rawValue)),
            ("responseTimeMs", result.responseTime.map { .double(milliseconds($0)) } ?? .null),
            ("checks", .array(checks)),
            ("certificate", result.certificate.map { certificateJSON($0, daysLeft: result.certificateDaysLeft) } ?? .null),
            ("warnings", .array(warnings)),
            ("fallback", fallbackJSON),
            ("language", .string(context.console.localizer.language.rawValue)),
            ("environment", .string(context.environment.rawValue)),
        ])
    }

    static func checkJSON(_ check: CheckResult, server: ServerConfig, console: Console) -> JSON {
        let t = check.timings
        var fields: JSONObject = [
            ("endpoint", .string(check.endpoint.rawValue)),
            ("url", .string(check.url)),
            ("status", .string(check.status.rawValue)),
            ("httpStatus", check.httpStatus.map(JSON.int) ?? .null),
            ("timings", .object([
                ("dnsMs", .double(milliseconds(t.dnsMs))),
                ("connectMs", .double(milliseconds(t.connectMs))),
                ("tlsMs", .double(milliseconds(t.tlsMs))),
                ("firstByteMs", .double(milliseconds(t.firstByteMs))),
                ("totalMs", .double(milliseconds(t.totalMs))),
            ])),
            ("error", check.error.map { errorJSON($0, url: check.url, server: server, console: console) } ?? .null),
        ]
        if check.endpoint == .websocket {
            fields["pingInterval"] = check.pingInterval.map(JSON.int) ?? .null
            fields["pingTimeout"] = check.pingTimeout.map(JSON.int) ?? .null
        }
        return .object(fields)
    }

    static func certificateJSON(_ certificate: CertificateInfo, daysLeft: Int?) -> JSON {
        .object([
            ("subject", .string(certificate.subject)),
            ("issuer", .string(certificate.issuer)),
            ("sans", .array(certificate.sans.map(JSON.string))),
            ("notBefore", .string(CertificateInfo.iso(certificate.notBefore))),
            ("notAfter", .string(CertificateInfo.iso(certificate.notAfter))),
            ("daysLeft", daysLeft.map(JSON.int) ?? .null),
            ("sha256", .string(certificate.sha256)),
        ])
    }

    /// `{code, message, detail}`: `message` is what the text form says, in the run's language
    /// with the host as the person knows it; `detail` is the technical text (libcurl's, in
    /// English, without a `--connect-to` address), absent when there is none.
    static func errorJSON(_ error: ConnectivityError, url: String, server: ServerConfig, console: Console) -> JSON {
        var fields: JSONObject = [("code", .string(error.code.rawValue)),
                                  ("message", .string(errorText(error, url: url, server: server, console: console)))]
        let detail = TextSanitizer.clean(error.message)
        if !detail.isEmpty { fields["detail"] = .string(detail) }
        return .object(fields)
    }

    /// A warning with its numbers (`slow_response`: `ms` and `threshold`; `cert_expiring`:
    /// `days`), integers where they are whole numbers; its message as the text form words it.
    static func warningJSON(_ warning: ConnectivityError, server: ServerConfig, console: Console) -> JSON {
        let params = JSONObject(warning.parameters.sorted { $0.key < $1.key }.map { key, value in
            (key, Int(value).map(JSON.int) ?? .string(TextSanitizer.clean(value)))
        })
        let message = console.text(ConnectivityMessages.messageKey(warning), warning.parameters)
        return .object([("code", .string(warning.code.rawValue)), ("message", .string(message)),
                        ("params", .object(params))])
    }

    /// Tenths of a millisecond are as precise as the timings are meaningful.
    static func milliseconds(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }

    /// `Connected to pn51 (12 ms)` or `Not connected to Mac Mini`, then one row per check.
    static func humanLines(server: ServerConfig, result: DetailedStatus, console: Console) -> [String] {
        let name = displayName(server, console: console)
        var lines: [String] = []
        if result.isHealthy {
            let ms = result.responseTime.map(MillisecondsText.figure) ?? "-"
            lines.append(console.text("cli.status.connected", ["server": name, "ms": ms]))
        } else {
            lines.append(console.text("cli.status.not_connected", ["server": name]))
        }
        lines.append("  " + server.baseUrl)
        let labels = result.checks.map { console.text("check.\($0.endpoint.rawValue)") }
        let width = labels.map(columns).max() ?? 0
        for (check, label) in zip(result.checks, labels) {
            let mark: String
            if check.error?.code == .authRequired {
                mark = "!"
            } else {
                mark = check.status == .success ? "✓" : "✗"
            }
            let http = check.httpStatus.map(String.init) ?? "-"
            let ms = MillisecondsText.figure(check.timings.totalMs) + " ms"
            var row = "  " + label + String(repeating: " ", count: max(0, width - columns(label))) + "  " + mark + " "
                + String(http.prefix(3)) + String(repeating: " ", count: max(0, 3 - http.count)) + "  "
                + String(repeating: " ", count: max(0, 7 - ms.count)) + ms
            if let error = check.error {
                row += "  " + errorText(error, url: check.url, server: server, console: console)
            } else if let interval = check.pingInterval, let timeout = check.pingTimeout {
                row += "  " + console.text("cli.check.ping", ["interval": String(interval), "timeout": String(timeout)])
            }
            lines.append(row)
        }
        if let certificate = result.certificate, let days = result.certificateDaysLeft {
            lines.append("  " + console.text("cli.check.certificate", [
                "subject": certificate.subject, "issuer": certificate.issuer,
                "date": CertificateInfo.iso(certificate.notAfter), "days": String(days),
            ]))
        }
        for warning in result.warnings {
            lines.append("  ! " + console.text(ConnectivityMessages.messageKey(warning), warning.parameters))
        }
        return lines
    }

    /// The error's localized one-line message.
    static func errorText(_ error: ConnectivityError, url: String, server: ServerConfig, console: Console) -> String {
        if error.code == .authRequired { return console.text("check.auth_required") }
        let parameters = ConnectivityMessages.parameters(error, url: url, timeoutMs: server.connectionTimeout)
        return console.text(ConnectivityMessages.messageKey(error), parameters)
    }

    /// Why the server is not connected and what to do, on stderr.
    static func explainFailure(server: ServerConfig, result: DetailedStatus, console: Console) {
        let reason = ConnectivityMessages.failureReason(result)
        let url = result.checks.first { $0.endpoint == .health }?.url ?? server.baseUrl
        console.diagnostic(console.text("cli.error.prefix") + ": " + errorText(reason, url: url, server: server, console: console))
        console.diagnostic("  " + actionText(reason, url: url, server: server, console: console))
    }

    /// The suggested action; for `dns`, advice for this name on this machine (a `.local` name
    /// gets what is missing for mDNS here, a single-label name the search-domain advice).
    static func actionText(_ error: ConnectivityError, url: String, server: ServerConfig, console: Console) -> String {
        // A known cause (a resolver that never answered) has its own advice.
        guard error.code == .dns, error.cause == nil, let host = URLHost.of(url) else {
            // The advice names what the message names (the other host of a redirect, the timeout).
            let parameters = ConnectivityMessages.parameters(error, url: url, timeoutMs: server.connectionTimeout)
            return console.text(ConnectivityMessages.actionKey(error), parameters)
        }
        let finding = host.lowercased().hasSuffix(".local") ? MDNSFinding(MDNSFacts.read()) : nil
        let advice = DNSAdvice.action(host: host, mdns: finding)
        return console.text(advice.key, advice.parameters)
    }

    static func render(_ error: AppError, console: Console) -> String {
        ConnectivityMessages.render(error, serverName: { id in serverName(id: id, console: console) }) { key, parameters in
            console.text(key, parameters)
        }
    }

    /// Terminal columns of a short label: CJK and fullwidth characters take two. Enough for
    /// the catalog's check labels; the terminal app has the full East Asian Width table.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                total + 2
            default:
                total + 1
            }
        }
    }

    /// A server id in a message (`ServerNames`; a custom id not in the list stays as it is).
    static func serverName(id: String, console: Console) -> String {
        ServerNames.withALabel(id: id, servers: [], formerNames: [:], localizer: console.localizer)
    }

    /// Prefilled servers by their catalog name, custom ones by their display name (`ServerNames`).
    static func displayName(_ server: ServerConfig, console: Console) -> String {
        ServerNames.withALabel(server, localizer: console.localizer)
    }
}
