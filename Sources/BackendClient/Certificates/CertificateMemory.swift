import Synchronization
import SettingsStore

/// The last certificate seen per origin (host and port). libcurl reports a certificate only
/// on the transfer that made the handshake; later probes reuse the connection, and the
/// certificate they went through is the one remembered here.
public final class CertificateMemory: Sendable {
    public static let shared = CertificateMemory()

    private let certificates = Mutex<[String: CertificateInfo]>([:])

    public init() {}

    func remember(_ certificate: CertificateInfo, url: String) {
        guard let origin = Self.origin(url) else { return }
        certificates.withLock { $0[origin] = certificate }
    }

    func lastKnown(url: String) -> CertificateInfo? {
        guard let origin = Self.origin(url) else { return nil }
        return certificates.withLock { $0[origin] }
    }

    private static func origin(_ url: String) -> String? {
        URLHost.origin(url)
    }
}
