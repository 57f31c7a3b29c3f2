/// Keeps secrets out of the log (docs/PRODUCT.md: Files): bearer tokens, JWT-shaped strings and the values
/// of password/token fields, wherever they appear in a message or metadata.
public enum LogRedactor {
    public static let mask = "[REDACTED]"

    /// Metadata keys whose values are never written (compared case-insensitively, ignoring
    /// `_` and `-`, so `access_token` and `accessToken` are the same).
    static let sensitiveKeys: Set<String> = [
        "password", "passwd", "accesstoken", "refreshtoken", "token", "authorization", "secret", "cookie",
    ]

    public static func isSensitiveKey(_ key: String) -> Bool {
        sensitiveKeys.contains(String(key.lowercased().filter { $0 != "_" && $0 != "-" }))
    }

    /// Replaces secrets found in free text:
    /// `Bearer <token>`, `password=<v>` / `"accessToken": "<v>"` style pairs, and JWTs.
    public static func redact(_ text: String) -> String {
        var chars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < chars.count {
            if let end = matchBearer(chars, i) {
                out.append(contentsOf: "Bearer ".unicodeScalars)
                out.append(contentsOf: mask.unicodeScalars)
                i = end
                continue
            }
            if isWordStart(chars, i), let (valueStart, valueEnd) = matchSensitivePair(chars, i) {
                out.append(contentsOf: chars[i..<valueStart])
                out.append(contentsOf: mask.unicodeScalars)
                i = valueEnd
                continue
            }
            if isWordStart(chars, i), let end = matchJWT(chars, i) {
                out.append(contentsOf: mask.unicodeScalars)
                i = end
                continue
            }
            out.append(chars[i])
            i += 1
        }
        chars.removeAll()
        return String(out)
    }

    private static func isTokenChar(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~", "+", "/", "=": true
        default: false
        }
    }

    private static func isWordChar(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    private static func isWordStart(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        i == 0 || !isWordChar(s[i - 1])
    }

    /// `bearer` (any case) + spaces + a token; returns the end of the token.
    private static func matchBearer(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        let word = Array("bearer".unicodeScalars)
        guard isWordStart(s, i), s.count - i > word.count else { return nil }
        for k in 0..<word.count where Character(s[i + k]).lowercased() != String(word[k]) { return nil }
        var j = i + word.count
        guard j < s.count, s[j] == " " || s[j] == "\t" else { return nil }
        while j < s.count, s[j] == " " || s[j] == "\t" { j += 1 }
        let start = j
        while j < s.count, isTokenChar(s[j]) { j += 1 }
        return j > start ? j : nil
    }

    /// A sensitive key, optionally quoted, then `=` or `:`, then a value (quoted or bare).
    /// Returns where the value starts and ends (the key and separator are kept).
    private static func matchSensitivePair(_ s: [Unicode.Scalar], _ i: Int) -> (Int, Int)? {
        var j = i
        while j < s.count, isWordChar(s[j]) { j += 1 }
        guard j > i, isSensitiveKey(String(String.UnicodeScalarView(s[i..<j]))) else { return nil }
        if j < s.count, s[j] == "\"" || s[j] == "'" { j += 1 }
        while j < s.count, s[j] == " " { j += 1 }
        guard j < s.count, s[j] == "=" || s[j] == ":" else { return nil }
        j += 1
        while j < s.count, s[j] == " " { j += 1 }
        guard j < s.count else { return nil }
        if s[j] == "\"" || s[j] == "'" {
            let quote = s[j]
            let start = j + 1
            var k = start
            while k < s.count, s[k] != quote {
                k += s[k] == "\\" ? 2 : 1
            }
            return (start, min(k, s.count))
        }
        // "Bearer x" after the separator is handled as a whole value.
        let start = j
        var k = j
        while k < s.count, s[k] != " ", s[k] != ",", s[k] != "&", s[k] != "}", s[k] != ";" { k += 1 }
        if let bearerEnd = matchBearer(s, start) { k = max(k, bearerEnd) }
        return k > start ? (start, k) : nil
    }

    /// `eyJ…` base64url, three dot-separated parts.
    private static func matchJWT(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        guard s.count - i >= 3, s[i] == "e", s[i + 1] == "y", s[i + 2] == "J" else { return nil }
        var j = i
        var dots = 0
        while j < s.count {
            let c = s[j]
            if c == "." { dots += 1 } else if !(isWordChar(c) || c == "=") { break }
            j += 1
        }
        return dots >= 2 && j - i >= 20 ? j : nil
    }
}
