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
    /// have no effect, which is what a typo (`conection_timeout`) silently costs, so `doctor`
    /// names each one. Only reads: a file that cannot be read has none.
    public func unknownKeys() -> [UnknownKey] {
        guard let target = try? LinkTarget.resolve(path),
              let contents = try? RegularFile.read(target, limit: JSONObjectFile.maximumSize),
              let parsed = JSONObjectFile.parse(contents.bytes) else { return [] }
        let known = NativeSettings.CodingKeys.allCases.map(\.rawValue)
        return parsed.object.keys.filter { !known.contains($0) }.sorted().map { key in
            UnknownKey(key: FieldReader.displayable(key),
                       suggestion: KeySuggestion.closest(to: key, among: known))
        }
    }
}
