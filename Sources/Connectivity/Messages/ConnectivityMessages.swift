import SettingsStore

/// Catalog keys and parameters for everything this module tells the user: check errors,
/// fallback notices, switch results. Nothing is localized here; `lastError` keeps a key plus
/// parameters so a language switch re-words it at once (SPEC §7).
///
/// Reasons inside notices (`{reason}` in `notice.fallback`, `switch.failed`) are themselves
/// catalog texts. Such an `AppError` carries `reasonKey` (e.g. `error.timeout.short`) and the
/// reason's own parameters next to `reason` (an English fallback); `render` resolves it.
public enum ConnectivityMessages {
    /// Parameter holding the catalog key of the `{reason}` text.
    public static let reasonKeyParameter = "reasonKey"

    /// The key of an error's one-line message (`http_status` distinguishes server and client errors).
    public static func messageKey(_ error: ConnectivityError) -> String {
        if error.code == .httpStatus, let status = error.parameters["status"].flatMap(Int.init) {
            if (500...599).contains(status) { return "error.http_status.server_message" }
            if (400...499).contains(status) { return "error.http_status.client_message" }
        }
        return error.textKey("message")
    }

    public static func shortKey(_ error: ConnectivityError) -> String {
        error.textKey("short")
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
        if let error = health?.error { return error }
        return ConnectivityError(code: .badResponse, message: "health check failed")
    }

    /// `reason`, `reasonKey` and the reason's parameters, to merge into a notice's parameters.
    public static func reasonParameters(_ error: ConnectivityError, server: ServerConfig) -> [String: String] {
        var result = parameters(error, url: server.baseUrl, timeoutMs: server.connectionTimeout)
        result["reason"] = error.code.rawValue
        result[reasonKeyParameter] = shortKey(error)
        return result
    }

    /// `lastError` for a server that cannot be reached: the error's message (its action is
    /// `error.<code>.action`, found through `code`).
    public static func unreachable(_ server: ServerConfig, reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: server)
        parameters["server"] = server.displayName
        return AppError(key: messageKey(reason), parameters: parameters, code: reason.code)
    }

    /// `notice.fallback`: which server failed, why, and that the fallback is in use.
    public static func fallbackNotice(failed: ServerConfig, reason: ConnectivityError, using: ServerConfig) -> AppError {
        var parameters = reasonParameters(reason, server: failed)
        parameters["failed"] = failed.displayName
        parameters["server"] = using.displayName
        return AppError(key: "notice.fallback", parameters: parameters, code: reason.code)
    }

    /// `notice.all_unreachable`: the configured server and the fallback both failed.
    public static func allUnreachable(configured: ServerConfig, fallback: ServerConfig,
                                      reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: configured)
        parameters["server"] = configured.displayName
        parameters["fallback"] = fallback.displayName
        return AppError(key: "notice.all_unreachable", parameters: parameters, code: reason.code)
    }

    /// `notice.switch_back_offer`: the configured server answers again.
    public static func switchBackOffer(_ configured: ServerConfig) -> AppError {
        AppError(key: "notice.switch_back_offer", parameters: ["server": configured.displayName])
    }

    public static func switchFailed(target: ServerConfig, previous: ServerConfig, reason: ConnectivityError) -> AppError {
        var parameters = reasonParameters(reason, server: target)
        parameters["server"] = target.displayName
        parameters["previous"] = previous.displayName
        return AppError(key: "switch.failed", parameters: parameters, code: reason.code)
    }

    public static func switchCancelled(kept: ServerConfig) -> AppError {
        AppError(key: "switch.cancelled", parameters: ["server": kept.displayName])
    }

    /// An address the validator refuses (its first error's `validation.<code>` message).
    public static func invalidAddress(_ validation: ValidationResult) -> AppError {
        guard let issue = validation.errors.first else {
            return AppError(key: "validation.invalid", parameters: ["address": validation.normalizedAddress])
        }
        var parameters = issue.parameters
        parameters["address"] = validation.normalizedAddress
        return AppError(key: "validation.\(issue.code.rawValue)", parameters: parameters)
    }

    /// The text of an `AppError` with its `{reason}` resolved, given the catalog lookup.
    public static func render(_ error: AppError, text: (String, [String: String]) -> String) -> String {
        var parameters = error.parameters
        if let reasonKey = parameters[reasonKeyParameter] {
            parameters["reason"] = text(reasonKey, parameters)
        }
        return text(error.key, parameters)
    }
}
