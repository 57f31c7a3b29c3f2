/// Text put into an HTML page: first through the one sanitizer (`TextSanitizer`: whatever came
/// from a server, a file or a hook), then escaped, so nothing outside can add markup, a script
/// or an attribute to a page the product writes.
public enum HTMLText {
    /// Sanitized and escaped for element content and quoted attribute values; line breaks kept
    /// when asked (a report's notes in a `pre-wrap` cell).
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in TextSanitizer.clean(text, keepingLineBreaks: keepingLineBreaks) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
