/// A notice on the main screen: what it is about (`subject`), how it reads (`kind`), its text,
/// and the condition under which it stays. The reducer posts notices (a later notice about
/// the same subject replaces the earlier one) and removes every notice whose condition no
/// longer holds in the same step, so no notice outlives what it says.
public struct Notice: Equatable, Sendable {
    public enum Subject: Hashable, Sendable {
        /// A server, by id: unreachable, fallback, recovered, a failed or cancelled switch to it.
        case server(String)
        /// A file, by name (`settings.json`, `app-state.json`); `field` for one invalid field.
        case file(String, field: String?)
        /// Signing in or out of a server.
        case session(String)
        /// The settings pane's answer to the person's last action there ("Added …", "Built-in
        /// servers cannot be removed"): one at a time.
        case pane
    }

    public enum Kind: String, Sendable, CaseIterable {
        case error
        case warning
        /// Good news (a server answers again): never drawn with an error mark.
        case goodNews = "good_news"
        case info
    }

    /// What keeps the notice on screen. Every case but `untilDismissed` is a fact of the
    /// state; the notice goes as soon as it is false.
    public enum Condition: Equatable, Sendable {
        /// The server is not connected: the current server's status, any other server's last test.
        case serverNotConnected(String)
        /// A fallback from this server is in effect and the server has (or has not) answered again.
        case fallback(from: String, recovered: Bool)
        /// The file still has a problem with this catalog key (and field).
        case fileProblem(file: String, key: String, field: String?)
        /// The person has not dismissed it (and no newer notice about the subject replaced it).
        case untilDismissed
        /// The answer to the last action in the settings pane: it stays while the pane is open
        /// and goes with the person's next key there (`NoticeBoard.withdrawPaneNote`).
        case paneNote
    }

    public var subject: Subject
    public var kind: Kind
    public var message: AppError
    public var condition: Condition
    /// The server the text names as the one in use ("pn51 is still in use"), if it names one:
    /// the notice goes as soon as another server is in use, so no notice contradicts the header.
    public var inUse: String?
    /// Seconds since 1970 when it was posted.
    public var postedAt: Double

    public init(subject: Subject, kind: Kind, message: AppError, condition: Condition, inUse: String? = nil,
                postedAt: Double) {
        self.subject = subject
        self.kind = kind
        self.message = message
        self.condition = condition
        self.inUse = inUse
        self.postedAt = postedAt
    }

    /// Whether the condition still holds in `state`.
    public func holds(in state: SettingsState) -> Bool {
        if let inUse, inUse != state.currentServer.id { return false }
        // A notice about a server nobody knows any more (a removed custom server) has no subject left.
        if case .server(let id) = subject, state.server(id: id) == nil { return false }
        switch condition {
        case .serverNotConnected(let id):
            if id == state.currentServer.id { return state.connectionStatus != .connected }
            return state.serverStatuses[id]?.status != .connected
        case .fallback(let from, let recovered):
            guard let fallback = state.fallback else { return false }
            return fallback.fromServerId == from && fallback.configuredRecovered == recovered
        case .fileProblem(let file, let key, let field):
            return state.fileProblems(of: file).contains { $0.key == key && $0.parameters["field"] == field }
        case .untilDismissed:
            return true
        case .paneNote:
            // Only while the pane is open: the settings reducer, which reads the screen's
            // `isSettingsPaneOpen`, withdraws it when it is not (`finish`).
            return true
        }
    }
}
