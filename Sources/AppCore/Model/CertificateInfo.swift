/// A server's TLS certificate as libcurl saw it during the handshake: the leaf of the chain.
/// Dates are seconds since 1970 inside the app and ISO-8601 in JSON.
public struct CertificateInfo: Equatable, Hashable, Sendable {
    public var subject: String
    public var issuer: String
    /// Subject alternative names, as `DNS:name` / `IP Address:1.2.3.4` without the prefix.
    public var sans: [String]
    public var notBefore: Double
    public var notAfter: Double
    /// Lower-case hex SHA-256 of the certificate's DER bytes (what `openssl x509 -fingerprint
    /// -sha256` prints, without colons).
    public var sha256: String

    public init(subject: String, issuer: String, sans: [String], notBefore: Double, notAfter: Double, sha256: String) {
        self.subject = TextSanitizer.clean(subject)
        self.issuer = TextSanitizer.clean(issuer)
        self.sans = sans.map { TextSanitizer.clean($0) }
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.sha256 = sha256
    }

    public static let secondsPerDay = 86_400.0

    /// Days until `notAfter`, a started day counting as one (a certificate made for 10 days
    /// "ends in 10 days" until a full day has passed); zero or negative once it has ended.
    public func daysLeft(now: Double) -> Int {
        Int(((notAfter - now) / Self.secondsPerDay).rounded(.up))
    }

    public func isExpired(now: Double) -> Bool { now > notAfter }

    /// `cert_expiring` when at most `warningDays` are left (and the certificate has not ended:
    /// an ended one fails the handshake as `tls_expired`).
    public func expiryWarning(now: Double, warningDays: Int) -> ConnectivityError? {
        let days = daysLeft(now: now)
        guard !isExpired(now: now), days <= warningDays else { return nil }
        return ConnectivityError(code: .certExpiring, message: "certificate ends in \(days) days (\(Self.iso(notAfter)))",
                                 parameters: ["days": String(days), "date": Self.iso(notAfter)])
    }

    /// `2026-11-22T21:00:00Z`.
    public static func iso(_ seconds: Double) -> String {
        UTCTimestamp.iso8601Seconds(seconds)
    }
}
