/// A note on an incident (SPEC §16, 原因・対応): what a person found and did, with when they
/// wrote it and who (the host's user name). Kept in history beside its incident, as long as
/// the incident is kept.
public struct IncidentNote: Sendable, Equatable {
    public var id: Int64
    public var incidentId: Int64
    /// Unix ms.
    public var at: Int64
    public var author: String
    public var text: String

    public init(id: Int64, incidentId: Int64, at: Int64, author: String, text: String) {
        self.id = id
        self.incidentId = incidentId
        self.at = at
        self.author = author
        self.text = text
    }

    /// A note is a paragraph or two for a binder, not a log: longer text is refused whole
    /// rather than cut, so nothing a person wrote is lost without their knowing.
    public static let maxLength = 2000

    /// Why a note's text is refused: a catalog key and its parameters.
    public enum Refusal: Error, Equatable, Sendable {
        case empty
        case tooLong(length: Int)

        public var key: String {
            switch self {
            case .empty: "cli.incident.note_empty"
            case .tooLong: "cli.incident.note_too_long"
            }
        }

        public var parameters: [String: String] {
            switch self {
            case .empty: [:]
            case .tooLong(let length): ["length": String(length), "max": String(IncidentNote.maxLength)]
            }
        }
    }

    /// The text as kept: sanitized (line breaks kept: a note may have paragraphs), trimmed.
    public static func checked(_ text: String) -> Result<String, Refusal> {
        let clean = TextSanitizer.clean(text, keepingLineBreaks: true).trimmingWhitespace
        guard !clean.isEmpty else { return .failure(.empty) }
        guard clean.count <= maxLength else { return .failure(.tooLong(length: clean.count)) }
        return .success(clean)
    }

    /// The author's name as kept: sanitized, one line, at most 64 characters.
    public static func author(_ name: String) -> String {
        String(TextSanitizer.clean(name).trimmingWhitespace.prefix(64))
    }
}
