extension IncidentReason {
    /// `{code, params, message}` (SPEC §15.2, §15.3), as `history --json`, hooks and webhooks
    /// give it: numbers as JSON numbers, names (a host) as strings, `message` in the words of
    /// the surface's language.
    public func json(message: String) -> JSON {
        let fields = params.sorted { $0.key < $1.key }.map { name, value -> (String, JSON) in
            (name, Int(value).map(JSON.int) ?? .string(TextSanitizer.clean(value)))
        }
        return .object([("code", .string(TextSanitizer.clean(code))), ("params", .object(JSONObject(fields))),
                        ("message", .string(TextSanitizer.clean(message)))])
    }
}
