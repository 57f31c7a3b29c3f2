/// The re-login dialog's fields (docs/PRODUCT.md: Switching, fallback, server data and sign-in). The password is a secret field: drawn as bullets,
/// never in a description, and cleared as soon as it has been handed to the runtime.
public struct LoginForm: Hashable, Sendable {
    public enum Field: Hashable, Sendable, CaseIterable {
        case username
        case password
    }

    public var username: TextField
    public var password: TextField
    public var focus: Field

    public init() {
        self.username = TextField()
        self.password = TextField(isSecret: true)
        self.focus = .username
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
