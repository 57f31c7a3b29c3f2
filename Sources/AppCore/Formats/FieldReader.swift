/// Reads the top-level fields of a JSON object one by one: a field of the wrong type or out
/// of range falls back to its default and is reported, so one bad value never costs the
/// rest of the file.
package struct FieldReader {
    let object: JSONObject
    /// The file's name as the user knows it (`settings.json`).
    let file: String
    package private(set) var problems: [FileProblem] = []

    /// Put before field names in reports, for nested objects (`preferences.`).
    let fieldPrefix: String

    package init(object: JSONObject, file: String, fieldPrefix: String = "") {
        self.object = object
        self.file = file
        self.fieldPrefix = fieldPrefix
    }

    /// The object's keys, as written.
    var keys: [String] { object.keys }

    /// Takes over the problems found by a reader of a nested object.
    mutating func absorb(_ nested: FieldReader) {
        problems.append(contentsOf: nested.problems)
    }

    /// Missing and `null` fields quietly give the default; unusable ones are reported, one
    /// problem per field, naming the field and the value as written.
    mutating func read<T>(_ key: String, default defaultValue: T, fallbackText: String,
                          _ convert: (JSON) -> T?) -> T {
        guard let raw = object[key], raw != .null else { return defaultValue }
        if let value = convert(raw) { return value }
        report("files.field_invalid", ["field": key, "fallback": fallbackText, "value": raw.stringValue ?? raw.written(.canonical)])
        return defaultValue
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int) -> Int {
        read(key, default: defaultValue, fallbackText: String(defaultValue)) { json in
            json.intValue.flatMap { range.contains($0) ? $0 : nil }
        }
    }

    mutating func bool(_ key: String, default defaultValue: Bool) -> Bool {
        read(key, default: defaultValue, fallbackText: String(defaultValue)) { $0.boolValue }
    }

    /// An optional string; empty text counts as absent.
    mutating func optionalString(_ key: String) -> String? {
        let s: String? = read(key, default: nil, fallbackText: "null") { $0.stringValue }
        return s?.isEmpty == true ? nil : s
    }

    package mutating func report(_ key: String, _ parameters: [String: String]) {
        var p = parameters.mapValues(FieldReader.displayable)
        p["file"] = file
        if let field = p["field"] { p["field"] = fieldPrefix + field }
        problems.append(FileProblem(key: key, parameters: p))
    }

    /// Text from a hand-edited file, made safe and short enough to show in a notice.
    package static func displayable(_ text: String) -> String {
        let clean = TextSanitizer.clean(text)
        return clean.count <= 200 ? clean : String(clean.prefix(199)) + "…"
    }
}
