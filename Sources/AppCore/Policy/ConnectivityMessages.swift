/// Catalog keys and parameters for what the app tells a person about servers: check errors,
/// fallback notices, switch results. Nothing is localized here: an `AppError` keeps a key plus
/// parameters, so a language switch re-words it at once. Servers are named by id in the
/// parameters (`server`, `failed`, `previous`, `fallback`); the screen and the command line
/// turn ids into localized names.
///
/// A reason inside a notice (`{reason}` in `notice.fallback`, `switch.failed`) travels as a
/// typed `ConnectivityError` and is worded by its own catalog text when drawn.
public enum ConnectivityMessages {
    /// Parameters that hold a server id, worded as the server's localized name when drawn.
    public static let serverParameters: Set<String> = ["server", "failed", "previous", "fallback", "target"]

    /// The key of an error's one-line message (`http_status` distinguishes server and client errors).
    public static func messageKey(_ error: ConnectivityError) -> String {
        statusClass(error).map { "error.http_status.\($0)_message" } ?? error.textKey("message")
    }

    /// The key of an error's short form: a 5xx says "server error 503", a 4xx "request
    /// rejected", never only "HTTP 503" or "failed".
    public static func shortKey(_ error: ConnectivityError) -> String {
        statusClass(error).map { "error.http_status.\($0)_short" } ?? error.textKey("short")
    }

    /// `server` (5xx) or `client` (4xx) for an `http_status` error with its status.
    private static func statusClass(_ error: ConnectivityError) -> String? {
        guard error.code == .httpStatus, let status = error.parameters["status"].flatMap(Int.init) else { return nil }
        if (500...599).contains(status) { return "server" }
        if (400...499).contains(status) { return "client" }
        return nil
    }

    public static func actionKey(_ error: ConnectivityError) -> String {
        error.textKey("action")
    }

    /// The parameters the error texts use: `status`, `host` (of the URL that failed) and
    /// `seconds` (the connection timeout).
    public static func parameters(_ error: ConnectivityError, url: String?, timeoutMs: Int) -> [String: String] {
        var result = error.parameters
        if result["host"] == nil, let url, let host = URLHost.of(url) {
            result["host"] = TextSanitizer.clean(host)
        }
        if result["seconds"] == nil {
            result["seconds"] = String(max(1, (timeoutMs + 999) / 1000))
        }
        return result
    }

    /// The health check's error (why a server counts as unreachable); `bad_response` when the
    /// check failed without one.
    public static func failureReason(_ status: DetailedStatus) -> ConnectivityError {
        let health = status.checks.first { $0.endpoint == .health }
        if var error = health?.error {
            // The status travels with the reason, so every surface words it as the check row does.
            if error.parameters["status"] == nil, let code = health?.httpStatus { error.parameters["status"] = String(code) }
            return error
        }
        return ConnectivityError(code: .badResponse, message: "health check failed")
    }

    /// The parameters of a notice about `server` failing with `reason`: the reason's own
    /// parameters (`status`, `host`, `seconds`) next to the notice's.
    public static func reasonParameters(_ error: ConnectivityError, server: ServerConfig) -> [String: String] {
        parameters(error, url: server.baseUrl, timeoutMs: server.connectionTimeout)
    }

    /// A server that cannot be reached: the error's message (its action is
    /// `error.<code>.action`, found through `code`).
    /// A timeout's own message names no host, so the notice names the server (`notice.timeout`).
    public static func unreachable(_ server: ServerConfig, reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: server)
        parameters["server"] = server.id
        let key = reason.code == .timeout ? "notice.timeout" : messageKey(reason)
        return AppError(key: key, parameters: parameters, code: reason.code, reason: reason)
    }

    /// `notice.fallback`: which server failed, why, and that the fallback is in use.
    public static func fallbackNotice(failed: ServerConfig, reason: ConnectivityError, using: ServerConfig) -> AppError {
        var parameters = reasonParameters(reason, server: failed)
        parameters["failed"] = failed.id
        parameters["server"] = using.id
        return AppError(key: "notice.fallback", parameters: parameters, code: reason.code, reason: reason)
    }

    /// `notice.all_unreachable`: the configured server and the fallback both failed.
    public static func allUnreachable(configured: ServerConfig, fallback: ServerConfig,
                                      reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: configured)
        parameters["server"] = configured.id
        parameters["fallback"] = fallback.id
        return AppError(key: "notice.all_unreachable", parameters: parameters, code: reason.code, reason: reason)
    }

    /// `notice.switch_back_offer`: the configured server answers again (good news).
    public static func switchBackOffer(_ configured: ServerConfig) -> AppError {
        AppError(key: "notice.switch_back_offer", parameters: ["server": configured.id])
    }

    /// `notice.fallback_ended`: pn51 stopped answering during a fallback (`reason`), so the app
    /// went back to the configured server, which answers again.
    public static func fallbackEnded(fallback: ServerConfig, reason: ConnectivityError, configured: ServerConfig) -> AppError {
        var parameters = reasonParameters(reason, server: fallback)
        parameters["fallback"] = fallback.id
        parameters["server"] = configured.id
        return AppError(key: "notice.fallback_ended", parameters: parameters, code: reason.code, reason: reason)
    }

    /// `switch.failed`: the chosen server did not answer; the previous one was kept and
    /// settings.json names it again.
    public static func switchFailed(target: ServerConfig, previous: ServerConfig, reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: target)
        parameters["server"] = target.id
        parameters["previous"] = previous.id
        return AppError(key: "switch.failed", parameters: parameters, code: reason.code, reason: reason)
    }

    public static func switchCancelled(target: ServerConfig, kept: ServerConfig) -> AppError {
        AppError(key: "switch.cancelled", parameters: ["server": kept.id, "target": target.id])
    }

    /// An address the validator refuses (its first error's `validation.<code>` message).
    public static func invalidAddress(_ validation: ValidationResult) -> AppError {
        guard let issue = validation.errors.first else {
            return AppError(key: "validation.invalid", parameters: ["address": validation.normalizedAddress])
        }
        var parameters = issue.parameters
        parameters["address"] = validation.normalizedAddress
        return AppError(key: issue.messageKey, parameters: parameters)
    }

    /// The text of an `AppError`, given the catalog lookup: `{reason}` is the reason's own
    /// catalog text (`error.<code>.short` with its parameters), never its raw code.
    public static func render(_ error: AppError, serverName: (String) -> String,
                              text: (String, [String: String]) -> String) -> String {
        var parameters = error.parameters
        for name in serverParameters {
            if let id = parameters[name] { parameters[name] = serverName(id) }
        }
        if let reason = error.reason {
            parameters["reason"] = text(shortKey(reason), reason.merging(parameters: parameters).parameters)
        }
        return text(error.key, parameters)
    }
}
