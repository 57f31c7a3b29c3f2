/// Why the status page was not written, as a catalog key and its parameters: the monitor says
/// it on stderr in the run's language, `settings set status_page_dir` refuses with it, and
/// the log names the key.
public struct StatusPageProblem: Error, Equatable, Sendable {
    public var key: String
    public var parameters: [String: String]

    public init(key: String, parameters: [String: String]) {
        self.key = key
        self.parameters = parameters
    }

    static func missing(_ path: String) -> Self { Self(key: "status_page.missing", parameters: ["path": path]) }
    static func notAbsolute(_ path: String) -> Self { Self(key: "status_page.not_absolute", parameters: ["path": path]) }
    static func notDirectory(_ path: String) -> Self { Self(key: "status_page.not_directory", parameters: ["path": path]) }
    static func notOurs(_ path: String, uid: UInt32) -> Self {
        Self(key: "status_page.not_ours", parameters: ["path": path, "uid": String(uid)])
    }
    static func openToOthers(_ path: String) -> Self { Self(key: "status_page.open_to_others", parameters: ["path": path]) }
    static func fileNotOurs(_ path: String) -> Self { Self(key: "status_page.file_not_ours", parameters: ["path": path]) }
    static func writeFailed(_ path: String, reason: String) -> Self {
        Self(key: "status_page.write_failed", parameters: ["path": path, "reason": reason])
    }
}
