/// Joins a request path to a base URL exactly once: `https://h/api` + `/auth/me` →
/// `https://h/api/auth/me`, whatever slashes either side carries.
public enum APIPath {
    public static func join(base: String, path: String) -> String {
        var trimmedBase = Substring(base)
        while trimmedBase.hasSuffix("/") { trimmedBase = trimmedBase.dropLast() }
        var trimmedPath = Substring(path)
        while trimmedPath.hasPrefix("/") { trimmedPath = trimmedPath.dropFirst() }
        if trimmedPath.isEmpty { return String(trimmedBase) }
        return "\(trimmedBase)/\(trimmedPath)"
    }
}
