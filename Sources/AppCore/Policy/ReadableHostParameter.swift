/// A message's `{host}` as the person knows it: `病院.example.jp`, not `xn--…` (SPEC §4).
/// Errors, checks and incidents keep the A-label in their parameters (JSON `detail`, params,
/// logs); only the words change, here, when a message is filled: the screen (`UIText`), the
/// command line (`Console`) and the history (`ReasonWords`) all pass their parameters through
/// this one function, which uses the one conversion, `UnicodeHost.readable`.
public enum ReadableHostParameter {
    /// The parameters that hold a host name.
    public static let names: Set<String> = ["host"]

    public static func worded(_ parameters: [String: String]) -> [String: String] {
        var result = parameters
        for name in names {
            if let host = result[name] { result[name] = UnicodeHost.readable(host) }
        }
        return result
    }
}
