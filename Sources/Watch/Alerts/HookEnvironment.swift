import Glibc

/// The environment a hook gets (SPEC §15.3 Isolation): from this process only `PATH`, `HOME`,
/// `LANG`, `LC_*` and `TZ`, then the event's `VERBUMCARE_*` variables. Nothing else of the
/// monitor's environment (a proxy's password, `CURL_CA_BUNDLE`, `VERBUMCARE_HOME`…) reaches a
/// hook.
public enum HookEnvironment {
    /// `PATH` when this process has none (a hook must still find `logger` or `curl`).
    public static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// Whether a variable of this process is passed on.
    public static func isPassedOn(_ name: String) -> Bool {
        ["PATH", "HOME", "LANG", "TZ"].contains(name) || name.hasPrefix("LC_")
    }

    /// `NAME=value` lines: the passed-on variables of `process`, then `event` (which wins).
    public static func lines(process: [String: String], event: [String: String]) -> [String] {
        var chosen = process.filter { isPassedOn($0.key) }
        if chosen["PATH"] == nil { chosen["PATH"] = defaultPath }
        chosen.merge(event) { _, new in new }
        return chosen.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// This process's environment, as it is now.
    public static func current() -> [String: String] {
        var values: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                values[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        return values
    }
}
