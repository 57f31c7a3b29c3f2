// PLACEHOLDER (helper C replaces this file): signatures are the contract.
public struct AppStateFile: Sendable {
    public let path: String
    public init(path: String) { self.path = path }

    public struct LoadResult: Equatable, Sendable {
        public var state: PersistedAppState
        public var problems: [FileProblem]
        public var movedAsideTo: String?
    }

    public func load() -> LoadResult { LoadResult(state: PersistedAppState(), problems: [], movedAsideTo: nil) }
    /// Atomic, locked.
    public func save(_ state: PersistedAppState) throws {}
}
