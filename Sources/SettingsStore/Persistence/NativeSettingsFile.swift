// PLACEHOLDER (helper C replaces this file): signatures are the contract.
/// Reads and writes settings.json: per-field validation, corrupt files moved aside, atomic
/// writes, and an advisory lock around every read-modify-write.
public struct NativeSettingsFile: Sendable {
    public let path: String
    public let environment: AppEnvironment

    public init(path: String, environment: AppEnvironment) {
        self.path = path
        self.environment = environment
    }

    public struct LoadResult: Equatable, Sendable {
        public var settings: NativeSettings
        public var problems: [FileProblem]
        /// Set when the file could not be read and was moved aside.
        public var movedAsideTo: String?
        public var existed: Bool
    }

    /// Never throws: any content yields usable settings.
    public func load() -> LoadResult { LoadResult(settings: .defaults, problems: [], movedAsideTo: nil, existed: false) }

    /// Locked read-modify-write; the body may throw to leave the file untouched.
    @discardableResult
    public func update(_ body: (inout NativeSettings) throws -> Void) throws -> NativeSettings {
        var s = NativeSettings.defaults
        try body(&s)
        return s
    }
}
