import SettingsStore

extension ConnectToSpec {
    /// libcurl's text as a person knows the server: libcurl names the address it connected to
    /// ("Failed to connect to 127.0.0.1 port 35987"), which under `--connect-to` is the rule's
    /// loopback address, never the host the URL and every screen name. The first rule that
    /// applies to the URL (libcurl's order) has its connect address put back as the URL's
    /// host and port. Text without a rule that applies is returned as it is.
    public static func asRequested(_ text: String, url: String, rules: [ConnectToSpec]) -> String {
        guard let origin = URLHost.origin(url), let colon = origin.lastIndex(of: ":"),
              let port = Int(origin[origin.index(after: colon)...]) else { return text }
        let host = String(origin[..<colon])
        guard let rule = rules.first(where: { $0.applies(host: host, port: port) }) else { return text }
        let connectHost = rule.connectHost.isEmpty ? host : rule.connectHost
        let connectPort = rule.connectPort ?? port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var result = text
        for (from, to) in [("\(connectHost) port \(connectPort)", "\(host) port \(port)"),
                           ("[\(connectHost)]:\(connectPort)", "\(shownHost):\(port)"),
                           ("\(connectHost):\(connectPort)", "\(shownHost):\(port)"),
                           ("port \(connectPort)", "port \(port)"),
                           ("(\(connectHost))", "(\(host))")] where from != to {
            result = result.replacing(from, with: to)
        }
        // Any other mention of the connect address (libcurl words change between versions).
        if connectHost != host { result = result.replacing(connectHost, with: host) }
        return result
    }

    /// Whether this rule routes requests for `host`:`port` (an empty field matches any).
    func applies(host requested: String, port requestedPort: Int) -> Bool {
        (host.isEmpty || host == requested.lowercased()) && (port == nil || port == requestedPort)
    }
}
