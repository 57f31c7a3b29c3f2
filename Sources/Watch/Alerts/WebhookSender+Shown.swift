import BackendClient
import SettingsStore

extension WebhookSender.Outcome {
    /// The webhook as people and logs see it: without a password or query it may carry
    /// (SPEC §15.3; `WebhookAddress.redacted`). `url` itself is only for sending.
    public var shownURL: String { WebhookAddress.redacted(url) }

    /// Why it was not delivered, in words (`text` looks a catalog key up): a transport failure
    /// is its error's message naming the host ("Could not connect to localhost"), never a bare
    /// code; an HTTP status stays the number it is.
    public func reason(_ text: (String, [String: String]) -> String) -> String {
        guard let code = ConnectivityErrorCode(rawValue: detail) else { return detail }
        let error = ConnectivityError(code: code, message: detail)
        // The sender's own timeout (`WebhookSender.make` keeps the transport's default).
        let parameters = ConnectivityMessages.parameters(error, url: url, timeoutMs: TransportSettings.defaultTimeoutMs)
        return text(ConnectivityMessages.messageKey(error), parameters)
    }
}
