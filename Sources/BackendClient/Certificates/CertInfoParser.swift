import FoundationEssentials
import SettingsStore

/// Reads the leaf certificate from libcurl's `CURLINFO_CERTINFO` fields ("Subject:…",
/// "Start date:Nov 22 21:22:12 2026 GMT", "Cert:-----BEGIN CERTIFICATE-----…"). Pure, so
/// every field is tested without a handshake.
public enum CertInfoParser {
    /// nil when a required field (subject, either date, the PEM) is missing or unreadable.
    public static func parse(fields: [String]) -> CertificateInfo? {
        var values: [String: String] = [:]
        for field in fields {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let name = String(field[..<colon])
            if values[name] == nil { values[name] = String(field[field.index(after: colon)...]) }
        }
        guard let subject = values["Subject"],
              let notBefore = values["Start date"].flatMap(date),
              let notAfter = values["Expire date"].flatMap(date),
              let der = values["Cert"].flatMap(derBytes) else { return nil }
        let sans = (values["X509v3 Subject Alternative Name"] ?? "")
            .split(separator: ",")
            .map { entry -> String in
                let trimmed = entry.trimmingWhitespace
                guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
                return String(trimmed[trimmed.index(after: colon)...])
            }
            .filter { !$0.isEmpty }
        return CertificateInfo(subject: subject, issuer: values["Issuer"] ?? "", sans: sans,
                               notBefore: notBefore, notAfter: notAfter, sha256: SHA256Digest.hex(der))
    }

    /// OpenSSL's `ASN1_TIME_print` form, always GMT: `Nov  2 21:22:12 2026 GMT`.
    static func date(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 5, parts[4] == "GMT",
              let month = months.firstIndex(of: String(parts[0])),
              let day = Int(parts[1]), let year = Int(parts[3]) else { return nil }
        let clock = parts[2].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return UTCTimestamp.seconds(year: year, month: month + 1, day: day,
                                    hour: clock[0], minute: clock[1], second: clock[2])
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The DER bytes inside a PEM block.
    static func derBytes(_ pem: String) -> [UInt8]? {
        let body = pem.split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("-----") }
            .joined()
        guard !body.isEmpty, let data = Data(base64Encoded: body) else { return nil }
        return Array(data)
    }
}
