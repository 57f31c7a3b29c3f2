/// The sign-in dialog's fields (docs/PRODUCT.md: Switching, fallback, server data and sign-in). The password is a secret field: drawn as bullets,
/// never in a description, and cleared as soon as it has been handed to the runtime.
public struct LoginForm: Hashable, Sendable {
    public enum Field: Hashable, Sendable, CaseIterable {
        case username
        case password
    }

    public var username: TextField
    public var password: TextField
    public var focus: Field

    /// `username`: the user name of this server's last sign-in, offered again (never a
    /// password); focus goes to the password when there is one.
    public init(username: String = "") {
        self.username = TextField(text: username)
        self.password = TextField(isSecret: true)
        self.focus = username.isEmpty ? .username : .password
    }

    /// The field that has focus.
    public var focusedField: TextField {
        get { focus == .username ? username : password }
        set {
            if focus == .username {
                username = newValue
            } else {
                password = newValue
            }
        }
    }
}
