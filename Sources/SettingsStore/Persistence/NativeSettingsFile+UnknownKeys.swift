extension NativeSettingsFile {
    /// A top-level key of settings.json the app does not know, with the key it probably meant.
    public struct UnknownKey: Equatable, Sendable {
        /// As written in the file, sanitized for display.
        public var key: String
        public var suggestion: String?

        public init(key: String, suggestion: String?) {
            self.key = key
            self.suggestion = suggestion
        }
    }

    /// The keys settings.json holds that the app does not know. They are kept as written and
    /// have no effect; loading the file reports each (`files.unknown_key`), and `doctor` gives
    /// each its own entry with the fix. Only reads: a file that cannot be read has none.
    public func unknownKeys() -> [UnknownKey] {
        guard let target = try? LinkTarget.resolve(path),
              let contents = try? RegularFile.read(target, limit: JSONObjectFile.maximumSize),
              let parsed = JSONObjectFile.parse(contents.bytes) else { return [] }
        return NativeSettings.unknownKeys(in: parsed.object.keys).map { unknown in
            UnknownKey(key: FieldReader.displayable(unknown.key), suggestion: unknown.suggestion)
        }
    }
}
