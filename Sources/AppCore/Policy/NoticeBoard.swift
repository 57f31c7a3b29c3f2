/// The rules of the main screen's notices: one notice per subject (a later one replaces the
/// earlier), a notice leaves in the same step its condition turns false, and the fallback
/// notice always tells the situation as it is now (pn51 in use; both unreachable; the
/// configured server answers again).
public enum NoticeBoard {
    /// Posts `notice`, replacing any notice about the same subject.
    public static func post(_ notice: Notice, in state: inout SettingsState) {
        state.notices.removeAll { $0.subject == notice.subject }
        state.notices.insert(notice, at: 0)
    }

    /// After every event: notices whose condition is false go, the fallback notice is brought
    /// up to date, dismissals of notices that are gone are forgotten.
    public static func reconcile(_ state: inout SettingsState) {
        let snapshot = state
        state.notices.removeAll { !$0.holds(in: snapshot) }
        if let notice = fallbackNotice(state) {
            let current = state.notices.first { $0.subject == notice.subject }
            let dismissed = state.connectivity.dismissed.contains {
                $0.subject == notice.subject && $0.key == notice.message.key
            }
            if current?.message != notice.message || current?.condition != notice.condition, !dismissed {
                post(notice, in: &state)
            }
        }
        let current = state
        state.connectivity.dismissed.removeAll { entry in
            switch entry.subject {
            case .server(let id): current.fallback?.fromServerId != id
            case .file(let file, let field):
                !current.fileProblems(of: file).contains { $0.key == entry.key && $0.parameters["field"] == field }
            case .session, .pane: false
            }
        }
    }

    /// Removes the notice about `subject` (nil: the first one). A notice that the board would
    /// post again while its condition holds is remembered as dismissed.
    public static func dismiss(_ subject: Notice.Subject?, in state: inout SettingsState) {
        guard let notice = subject.flatMap({ s in state.notices.first { $0.subject == s } }) ?? state.notices.first
        else { return }
        state.notices.removeAll { $0.subject == notice.subject }
        switch notice.condition {
        case .untilDismissed, .paneNote:
            break
        case .fallback, .serverNotConnected, .fileProblem:
            state.connectivity.dismissed.append(DismissedNotice(subject: notice.subject, key: notice.message.key))
        }
    }

    /// The person acted again in the pane: the answer to the previous action goes.
    public static func withdrawPaneNote(in state: inout SettingsState) {
        state.notices.removeAll { $0.subject == .pane }
    }

    /// Posts the pane's answer to the person's last action there.
    public static func postPaneNote(_ message: AppError, kind: Notice.Kind, at: Double, in state: inout SettingsState) {
        post(Notice(subject: .pane, kind: kind, message: message, condition: .paneNote, postedAt: at), in: &state)
    }

    /// The notice a fallback in effect calls for, about the configured server.
    static func fallbackNotice(_ state: SettingsState) -> Notice? {
        guard state.serverSource == .fallback, let fallback = state.fallback,
              let configured = state.server(id: fallback.fromServerId) else { return nil }
        let subject = Notice.Subject.server(fallback.fromServerId)
        let postedAt = state.notices.first { $0.subject == subject }?.postedAt ?? state.connectivity.statusSince ?? 0
        if fallback.configuredRecovered {
            return Notice(subject: subject, kind: .goodNews, message: ConnectivityMessages.switchBackOffer(configured),
                          condition: .fallback(from: configured.id, recovered: true), postedAt: postedAt)
        }
        if state.connectionStatus == .error {
            // It speaks of the server in use: another server chosen and connected ends it, as it
            // ends the same notice a failed fallback switch posts (`finishFailed`).
            return Notice(subject: subject, kind: .error,
                          message: ConnectivityMessages.allUnreachable(configured: configured, fallback: state.currentServer,
                                                                       reason: fallback.reason),
                          condition: .serverNotConnected(state.currentServer.id), inUse: state.currentServer.id,
                          postedAt: postedAt)
        }
        return Notice(subject: subject, kind: .warning,
                      message: ConnectivityMessages.fallbackNotice(failed: configured, reason: fallback.reason,
                                                                   using: state.currentServer),
                      condition: .fallback(from: configured.id, recovered: false), postedAt: postedAt)
    }
}
