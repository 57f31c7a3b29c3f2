import Glibc

/// How many transfers the engine runs at once, derived from the descriptor limit
/// (`RLIMIT_NOFILE`). Past the limit every new socket fails and libcurl reports a healthy server
/// as "could not connect"; libdispatch, which opens files under /proc, can abort the process.
/// So the engine keeps the rest of its requests in a queue of its own, where no timeout runs,
/// and starts them as earlier transfers end (docs/ARCHITECTURE.md: descriptor budget).
public struct TransferBudget: Sendable, Equatable {
    /// Transfers in flight at most.
    public var transfers: Int
    /// Idle kept-alive connections libcurl keeps between tests (`CURLMOPT_MAXCONNECTS`). Small,
    /// so that a test of hundreds of servers does not leave hundreds of sockets behind; the
    /// servers watched every few seconds keep theirs.
    public var idleConnections: Int

    /// Descriptors one transfer can hold: its socket, and the socket pair of libcurl's threaded
    /// resolver while the name is being resolved.
    public static let descriptorsPerTransfer = 3
    /// Upper bound whatever the limit: each TLS connection costs about 200 KiB, and a few hundred
    /// loopback or LAN servers are done in one or two waves of this size.
    public static let maximumTransfers = 1_024
    public static let maximumIdleConnections = 32
    /// The soft limit is raised towards the hard one up to this (the engine uses `poll`, never
    /// `select`, so descriptors above 1,024 are safe): with Debian's usual soft limit of 1,024,
    /// 200 servers' 800 checks would otherwise run in three waves instead of one.
    public static let raisedSoftLimit: rlim_t = 8_192

    public init(transfers: Int, idleConnections: Int) {
        self.transfers = max(1, transfers)
        self.idleConnections = max(1, min(idleConnections, self.transfers))
    }

    /// The budget for a process allowed `limit` descriptors: an eighth of them (at least 48) is
    /// kept for settings and state files, the log, the terminal, the watcher and libdispatch.
    public init(descriptorLimit limit: Int) {
        let reserve = max(48, limit / 8)
        let transfers = (limit - reserve) / Self.descriptorsPerTransfer
        self.init(transfers: min(transfers, Self.maximumTransfers),
                  idleConnections: min(transfers, Self.maximumIdleConnections))
    }

    /// The budget of this process, after raising its soft limit where the hard limit allows.
    public static func forThisProcess() -> TransferBudget {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            return TransferBudget(descriptorLimit: 1_024)
        }
        let wanted = min(limit.rlim_max, raisedSoftLimit)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is the largest rlim_t; anything above the cap gives the same budget.
        return TransferBudget(descriptorLimit: Int(min(limit.rlim_cur, 1 << 20)))
    }
}
