/// Signing in and out, and the dialog.
extension SettingsReducer {
    mutating func signInRequested(serverId: String, sessionEnded: Bool, at: Double) {
        let isCurrent = serverId == state.currentServer.id
        let isTarget = state.connectivity.activeSwitch?.target.id == serverId
        guard isCurrent || isTarget, state.loginRequest?.serverId != serverId else { return }
        state.loginRequest = newLoginRequest(serverId: serverId, sessionEnded: sessionEnded)
    }

    /// A dialog for `serverId` (its form, with the user name of its last sign-in already typed,
    /// is the screen's: `AppReducer` starts it with the request).
    func newLoginRequest(serverId: String, sessionEnded: Bool) -> LoginRequest {
        LoginRequest(serverId: serverId, reason: sessionEnded ? .sessionEnded : .signIn)
    }

    mutating func signInSubmitted(username: String, password: SecretText) {
        guard var request = state.loginRequest, !request.isSubmitting else {
            password.wipe()
            return
        }
        guard request.serverId == state.currentServer.id, state.connectivity.isActive else {
            // The server changed under the dialog: signing in there is no longer asked for.
            password.wipe()
            state.loginRequest = nil
            return
        }
        request.isSubmitting = true
        request.failure = nil
        state.loginRequest = request
        emit(.signIn(state.currentServer, username: username, password: password))
    }

    mutating func signedIn(serverId: String, username: String?, at: Double) {
        if state.loginRequest?.serverId == serverId { state.loginRequest = nil }
        // Offered again next time (app-state.json); a name that is not clean text is not kept.
        if let username, !username.isEmpty, username.count <= PersistedAppState.userNameLimit,
           TextSanitizer.clean(username) == username {
            state.lastUserNames[serverId] = username
        }
        record(TimelineEntry(at: at, kind: .signedIn, serverId: serverId))
        if serverId == state.currentServer.id { testNow(at: at) }
    }

    mutating func signInFailed(serverId: String, error: AppError) {
        guard var request = state.loginRequest, request.serverId == serverId else { return }
        request.isSubmitting = false
        request.failure = error
        state.loginRequest = request
    }
}

extension SettingsReducer {
    mutating func dismissNotice(_ subject: Notice.Subject?) {
        NoticeBoard.dismiss(subject, in: &state)
    }
}

extension SettingsReducer {
    /// What a read of credentials found: each problem is told once (a later read finding the
    /// same leaves the notice, or its dismissal, as it is). A file made private is a warning
    /// (it was exposed until now); a refused file or token an error (the server's sign-in is
    /// not used). The subject is the path and the kind of problem, so the folder's and the
    /// file's findings each have their own notice.
    mutating func credentialsChecked(serverId: String, problems: [FileProblem], at: Double) {
        for problem in problems.reversed() {
            let subject = Notice.Subject.file(problem.parameters["path"] ?? serverId, field: problem.key)
            let message = AppError(key: problem.key, parameters: problem.parameters)
            if state.notices.contains(where: { $0.subject == subject && $0.message == message }) { continue }
            if state.connectivity.dismissed.contains(DismissedNotice(subject: subject, key: problem.key)) { continue }
            let kind: Notice.Kind = problem.key == "files.credentials_fixed" ? .warning : .error
            post(Notice(subject: subject, kind: kind, message: message, condition: .untilDismissed, postedAt: at))
        }
    }
}
