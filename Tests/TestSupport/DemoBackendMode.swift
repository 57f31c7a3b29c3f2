/// The fault modes of a demo server (DemoBackend/demo_backend.py, `MODES`).
public enum DemoBackendMode: String, CaseIterable, Sendable {
    /// Normal operation (docs/PRODUCT.md: The backend's API contract).
    case up
    /// The listening socket is closed: connections are refused. `up` re-opens the same port.
    case down
    /// Accepts and completes TLS, reads the request, never answers.
    case hang
    /// Drops open connections; new ones are accepted at TCP and never finish the TLS handshake.
    case hangTLS = "hang_tls"
    /// Open connections keep being served; new ones are accepted at TCP and never finish the TLS handshake.
    case tlsHangNew = "tls_hang_new"
    /// Waits `delayMs` (default 1500) before answering normally.
    case slow
    case status500
    /// As nginx answers for a stopped backend.
    case status502
    /// 200 with an HTML page on every path.
    case badBody = "bad_body"
    /// 200 `{"status":"sick"}` on every path.
    case badJSON = "bad_json"
    /// `GET /api/auth/me` answers 200 with an HTML page; every other path works.
    case authHTML = "auth_html"
    /// `GET /api/auth/me` answers 200 `{"status":"sick"}`; every other path works.
    case authJSON = "auth_json"
    /// 301 to `http://HOST/PATH` on every path.
    case redirectHTTP = "redirect_http"
    /// 301 to `https://elsewhere.example/PATH` (another host name) on every path.
    case redirectHost = "redirect_host"
    /// 200 JSON of `bytes` bytes (default 8 MiB) on every path.
    case hugeBody = "huge_body"
    /// Certificate for `wrong-host.invalid` (new connections).
    case wrongHostCert = "wrong_host_cert"
    /// Open connections keep being served; new ones get the certificate for `wrong-host.invalid`.
    case wrongCertNew = "wrong_cert_new"
    /// Certificate that expired in 2020 (new connections).
    case expiredCert = "expired_cert"
    /// Certificate from a CA the client does not trust (new connections).
    case untrustedCert = "untrusted_cert"
    /// Certificate valid only from 1 January of next year (new connections): a clock behind.
    case futureCert = "future_cert"
    /// 200 with `bytes` (default 4 MiB) of response headers, 1 KiB each.
    case headerFlood = "header_flood"
    /// Normal answers whose JSON strings carry ESC/OSC/CSI sequences, C1 controls and bidi overrides.
    case escapeJSON = "escape_json"
    /// 500 on every path, its JSON error message carrying the same hostile text.
    case escapeError = "escape_error"
    /// Access tokens issued before the switch answer 401; refresh and new tokens work.
    case expireTokens = "expire_tokens"
    /// Every access and refresh token answers 401 (login still succeeds).
    case rejectTokens = "reject_tokens"
    /// Each access token issued by a refresh is accepted once, then answers 401.
    case rotateTokens = "rotate_tokens"
}
