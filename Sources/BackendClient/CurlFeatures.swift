import CCurl

/// What the libcurl in use was built with, for `doctor`: its version, whether it resolves
/// names asynchronously, and whether through c-ares (which bypasses nsswitch.conf, so
/// nss-mdns and /etc/hosts rules of the system do not apply) or the system resolver.
public struct CurlFeatures: Equatable, Sendable {
    public var version: String
    public var asynchronousDNS: Bool
    /// The c-ares version when libcurl resolves with c-ares; nil for the system resolver.
    public var aresVersion: String?
    /// The CA bundle libcurl uses when none is named (Debian: /etc/ssl/certs/ca-certificates.crt).
    public var defaultCABundle: String?

    public init(version: String, asynchronousDNS: Bool, aresVersion: String?, defaultCABundle: String?) {
        self.version = version
        self.asynchronousDNS = asynchronousDNS
        self.aresVersion = aresVersion
        self.defaultCABundle = defaultCABundle
    }

    /// The libcurl this process loads (loaded here if it was not yet); nil info when it cannot be.
    public static func current() -> CurlFeatures {
        guard CurlLibrary.load() == nil, let info = vc_version_info()?.pointee else {
            return CurlFeatures(version: "?", asynchronousDNS: false, aresVersion: nil, defaultCABundle: nil)
        }
        let version = info.version.map { String(cString: $0) } ?? "?"
        let asynchronous = (info.features & CURL_VERSION_ASYNCHDNS) != 0
        let ares = info.ares.map { String(cString: $0) }
        return CurlFeatures(version: version, asynchronousDNS: asynchronous,
                            aresVersion: ares.flatMap { $0.isEmpty ? nil : $0 },
                            defaultCABundle: SystemCABundle.libcurlDefault())
    }
}
