/// Pure rules about sessions, shared by the reducer and the command line.
public enum SessionPolicy {
    /// The `auth` check says the server wants a sign-in.
    public static func authRequired(_ result: DetailedStatus) -> Bool {
        result.checks.contains { $0.endpoint == .auth && $0.error?.code == .authRequired }
    }
}
