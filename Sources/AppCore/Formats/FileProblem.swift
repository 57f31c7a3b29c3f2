/// Something wrong found while reading a file, for the user (localized via `key`).
public struct FileProblem: Equatable, Sendable {
    /// A catalog key, e.g. `files.field_invalid` or `files.moved_aside`.
    public var key: String
    public var parameters: [String: String]

    public init(key: String, parameters: [String: String] = [:]) {
        self.key = key
        self.parameters = parameters
    }
}
