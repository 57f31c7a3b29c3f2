/// Counters of the demo backend (`GET /stats` on its control port), per server id.
public struct DemoBackendStats: Decodable, Sendable {
    public struct Server: Decodable, Sendable {
        public let host: String
        public let port: Int
        public let mode: String
        /// TCP connections accepted (a kept-alive connection counts once).
        public let connections: Int
        public let tlsHandshakes: Int
        public let tlsFailures: Int
        /// Connections open right now.
        public let openConnections: Int
        /// Requests per path (without the query string), e.g. `"/health"`.
        public let requests: [String: Int]
        public let totalRequests: Int
        /// How many requests carried each header name (lower case).
        public let headerNames: [String: Int]
    }

    public let servers: [String: Server]

    /// Requests that server `server` received for `path`, 0 when none.
    public func requests(_ server: String, _ path: String) -> Int {
        servers[server]?.requests[path] ?? 0
    }
}
