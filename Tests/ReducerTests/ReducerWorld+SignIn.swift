import Testing
@testable import SettingsStore

/// The sign-in dialog's claims: opened (why, and the name offered), closed, and a switch that
/// meets a stored token refused.
extension ReducerWorld {
    /// The dialog opens for `serverId` (`reason`), the name field holding `username`.
    static func signInOpens(_ serverId: String, reason: LoginRequest.Reason = .signIn,
                            username: String = "") -> (inout AppState) -> Void {
        { app in
            app.settings.loginRequest = LoginRequest(serverId: serverId, reason: reason)
            app.screen.loginForm = LoginForm(username: username)
        }
    }

    /// The dialog goes (dismissed, or its sign-in done).
    static func signInCloses(_ app: inout AppState) {
        app.settings.loginRequest = nil
        app.screen.loginForm = nil
    }

    /// The switch to `target` ran all its steps at `now` and its stored token was refused: in
    /// use, and the dialog says the session ended.
    static func switchedIntoEndedSession(_ target: ServerConfig, at now: Double) -> (inout AppState) -> Void {
        { app in
            switched(to: target, health: .refusesToken, at: now)(&app)
            signInOpens(target.id, reason: .sessionEnded)(&app)
        }
    }
}
