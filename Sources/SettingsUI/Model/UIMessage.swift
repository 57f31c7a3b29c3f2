import SettingsStore

/// A line the settings pane shows after an action ("Added …", "Built-in servers cannot be
/// removed"): a catalog key and its parameters, worded only when drawn, so a language switch
/// re-words it.
public struct UIMessage: Hashable, Sendable {
    public enum Tone: Hashable, Sendable {
        case info
        case success
        case failure
    }

    public var key: String
    public var parameters: [String: String]
    public var tone: Tone
    /// Fills a `{reason}` parameter with `error.<code>.short`.
    public var reason: ConnectivityError?

    public init(key: String, parameters: [String: String] = [:], tone: Tone = .info, reason: ConnectivityError? = nil) {
        self.key = key
        self.parameters = parameters
        self.tone = tone
        self.reason = reason
    }
}
