import CCurl
import FoundationEssentials
import Glibc
import SettingsStore

/// One easy handle and everything libcurl reads while it runs (header lists, error buffer,
/// body sink). Created, used and released on the engine thread only.
final class CurlTransfer {
    let easy: UnsafeMutableRawPointer
    let handle: RequestHandle
    /// Kept so that a transfer that found no descriptor can wait and start again.
    let request: TransportRequest
    private let sink: BodySink
    /// The response headers, up to `headerCap`: a server sending more (a header flood) is
    /// stopped there and told as `too_large` (headers), not left to fail as something else.
    private let headerSink = BodySink(cap: CurlTransfer.headerCap)
    static let headerCap = 64 * 1024
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var connectToList: UnsafeMutablePointer<curl_slist>?
    /// The system's monotonic clock, not an injected one: libcurl enforces its own timeouts on
    /// CLOCK_MONOTONIC on the engine thread, so the engine's deadline for a transfer (and the
    /// elapsed time it words like libcurl's) must be read on that clock; no test clock moves libcurl.
    private let startedNs = AppClock.monotonicNanoseconds()
    /// When libcurl opened the transfer's first socket (0: not yet), set by a C callback.
    private let socketOpenedNs: UnsafeMutablePointer<CLongLong>
    private let totalTimeoutMs: Int
    private let resolutionAllowanceMs: Int

    static let userAgent = "verbumcare-tui"

    /// Throws when libcurl refuses an option.
    init(request: TransportRequest, handle: RequestHandle) throws(ClientError) {
        guard let easy = vc_easy_init() else {
            throw ClientError.transport(.connect, message: "libcurl could not create a handle")
        }
        self.easy = easy
        self.handle = handle
        self.request = request
        sink = BodySink(cap: request.maxBodyBytes)
        totalTimeoutMs = request.totalTimeoutMs
        socketOpenedNs = .allocate(capacity: 1)
        socketOpenedNs.initialize(to: 0)
        resolutionAllowanceMs = request.resolutionAllowanceMs
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        try configure(request)
    }

    deinit {
        vc_easy_cleanup(easy)
        vc_slist_free_all(headerList)
        vc_slist_free_all(connectToList)
        errorBuffer.deallocate()
        socketOpenedNs.deallocate()
    }

    private func configure(_ request: TransportRequest) throws(ClientError) {
        let protocols = request.allowPlainHTTP ? "http,https" : "https"
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PROTOCOLS_STR, protocols)
        try set(CURLOPT_REDIR_PROTOCOLS_STR, protocols)
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let path = request.caBundle.path {
            // A bundle that cannot be read is named with its reason, not left to libcurl's
            // general TLS failure; a FIFO or a device would even block libcurl's open for good.
            if let reason = CABundleReadability.problem(path) {
                var error = ClientError.transport(.tlsOther, message: "CA bundle \(path) cannot be read: \(reason)",
                                                  cause: .caBundleUnreadable)
                error.parameters["path"] = TextSanitizer.clean(path)
                error.parameters["reason"] = TextSanitizer.clean(reason)
                throw error
            }
            try useOnly(bundle: path)
        } else if let path = SystemCABundle.file {
            // The system store as its bundle file, so that it too is parsed once and cached
            // rather than for every new connection (SystemCABundle says why).
            try useOnly(bundle: path)
        }
        if request.certificateOnly {
            // The dates of a certificate that a verified handshake already refused: an
            // unverified handshake, CONNECT_ONLY (no request is sent), a connection of its own
            // that is closed at once. Its answer is never trusted for anything but the dates.
            try set(CURLOPT_SSL_VERIFYPEER, 0)
            try set(CURLOPT_SSL_VERIFYHOST, 0)
            try set(CURLOPT_CONNECT_ONLY, 1)
        }
        if request.freshConnection || request.certificateOnly {
            // FRESH_CONNECT: a new connection (TCP, TLS handshake, certificate check) even when
            // a kept-alive one to the server is idle. FORBID_REUSE: closed after this transfer
            // rather than pooled, so every probe's health connection is its own and connections
            // do not pile up in the pool (or on the server, one per probe); the other checks keep
            // the connections they reuse.
            try set(CURLOPT_FRESH_CONNECT, 1)
            try set(CURLOPT_FORBID_REUSE, 1)
        }
        try set(CURLOPT_NOSIGNAL, 1)
        // libcurl resolves names on a thread of its own, and the connect timeout covers that
        // phase; but when the timeout strikes during resolution libcurl joins the resolver
        // thread, which waits out getaddrinfo (glibc: 5 s per server and attempt). A
        // resolver that does not answer then blocks the engine thread, and every transfer on
        // it, for as long again. QUICK_EXIT lets libcurl leave that thread behind instead: it
        // ends on its own when getaddrinfo returns, and the check ends on time as `dns`.
        try set(CURLOPT_QUICK_EXIT, 1)
        // The certificate's dates and fingerprint for every result (read after a handshake).
        try set(CURLOPT_CERTINFO, 1)
        // VerbumCare backends are on the facility LAN (often mDNS names): a proxy taken from
        // http_proxy/https_proxy would send health checks somewhere else and report on the
        // wrong network path, so no proxy is ever used.
        try set(CURLOPT_NOPROXY, "*")
        if request.resolutionAllowanceMs > 0 {
            try check(vc_easy_record_socket_opened(easy, socketOpenedNs), CURLOPT_SOCKOPTFUNCTION)
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMs)
        try set(CURLOPT_TIMEOUT_MS, request.totalTimeoutMs)
        try check(vc_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)),
                  CURLOPT_MAXFILESIZE_LARGE)
        try check(vc_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, bodySinkWrite), CURLOPT_WRITEFUNCTION)
        try check(vc_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque()),
                  CURLOPT_WRITEDATA)
        try check(vc_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, bodySinkWrite), CURLOPT_HEADERFUNCTION)
        try check(vc_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, Unmanaged.passUnretained(headerSink).toOpaque()),
                  CURLOPT_HEADERDATA)
        try check(vc_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)),
                  CURLOPT_ERRORBUFFER)
        try set(CURLOPT_USERAGENT, Self.userAgent)

        switch request.method {
        case .get:
            try set(CURLOPT_HTTPGET, 1)
        case .post, .put, .patch, .delete:
            if request.method != .post {
                try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            }
            if request.method != .delete || request.body != nil {
                try setBody(request.body ?? Data())
            }
        }

        // The last guard for every header (a token from a file or a server's answer): a value
        // with a CR, LF, NUL or other control would become another header or be cut, so the
        // request is refused rather than sent altered (RFC 9110 §5.5).
        for header in request.headers {
            if let (scalar, position) = HeaderFieldValue.firstForbidden(in: header.value) {
                throw ClientError.transport(.authRequired, message: "the \(header.name) header contains "
                    + "\(HeaderFieldValue.name(scalar)) at position \(position); the request was not sent")
            }
        }
        // "Expect:" stops libcurl from waiting for a 100-continue on larger bodies.
        var lines = request.headers.map(\.line)
        if !request.headers.contains(where: { $0.hasName("Expect") }) { lines.append("Expect:") }
        headerList = Self.makeList(lines)
        try check(vc_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER)

        if !request.connectTo.isEmpty {
            connectToList = Self.makeList(request.connectTo.map(\.curlSyntax))
            try check(vc_easy_setopt_slist(easy, CURLOPT_CONNECT_TO, connectToList), CURLOPT_CONNECT_TO)
        }
    }

    /// `path` as the only source of certificate authorities. A named bundle replaces the system
    /// store (no CA directory on top of it), and without a CA directory libcurl caches the parsed
    /// store per multi handle instead of parsing the file for every new connection.
    private func useOnly(bundle path: String) throws(ClientError) {
        try set(CURLOPT_CAINFO, path)
        try check(vc_easy_setopt_string(easy, CURLOPT_CAPATH, nil), CURLOPT_CAPATH)
    }

    private func setBody(_ body: Data) throws(ClientError) {
        try check(vc_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                  CURLOPT_POSTFIELDSIZE_LARGE)
        // COPYPOSTFIELDS copies, so the Data need not outlive this call.
        let code = body.withUnsafeBytes { bytes -> CURLcode in
            if let base = bytes.baseAddress {
                return vc_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            return "".withCString { vc_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, $0) }
        }
        try check(code, CURLOPT_COPYPOSTFIELDS)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(ClientError) {
        try check(vc_easy_setopt_long(easy, option, value), option)
    }

    private func set(_ option: CURLoption, _ value: String) throws(ClientError) {
        // libcurl copies string options, so the temporary C string is enough.
        let code = value.withCString { vc_easy_setopt_string(easy, option, $0) }
        try check(code, option)
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(ClientError) {
        guard code != CURLE_OK else { return }
        let reason = String(cString: vc_easy_strerror(code))
        throw ClientError.transport(.connect, message: "libcurl refused option \(option.rawValue): \(reason)")
    }

    private static func makeList(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            list = vc_slist_append(list, line)
        }
        return list
    }

    /// When the transfer must end if libcurl has not ended it (monotonic nanoseconds): its limit
    /// less the part of the name-resolution allowance resolution did not use. nil without an
    /// allowance, and while the name may still be being resolved (libcurl's limits, which hold
    /// the whole allowance, apply until then).
    ///
    /// Resolution is known to be over once libcurl opened a socket, or once the request went out
    /// on a kept-alive connection (which opens none): a fact, where a name-lookup time of zero
    /// could also mean a lookup too quick to measure.
    func deadline() -> Int64? {
        guard resolutionAllowanceMs > 0 else { return nil }
        let resolvedNs: Int64
        if socketOpenedNs.pointee > 0 {
            resolvedNs = Int64(socketOpenedNs.pointee) - startedNs
        } else {
            var pretransferMicroseconds: curl_off_t = 0
            _ = vc_easy_getinfo_off(easy, CURLINFO_PRETRANSFER_TIME_T, &pretransferMicroseconds)
            guard pretransferMicroseconds > 0 else { return nil }
            resolvedNs = 0
        }
        let used = min(Int(max(0, resolvedNs) / 1_000_000), resolutionAllowanceMs)
        return startedNs + Int64(totalTimeoutMs - resolutionAllowanceMs + used) * 1_000_000
    }

    /// The outcome of a transfer the engine ended at its `deadline`: a timeout, worded as
    /// libcurl words its own.
    func timedOut() -> Result<TransportResponse, ClientError> {
        let elapsedMs = (AppClock.monotonicNanoseconds() - startedNs) / 1_000_000
        let text = "Operation timed out after \(elapsedMs) milliseconds with \(sink.data.count) bytes received"
        let bytes = Array(text.utf8.prefix(Int(CURL_ERROR_SIZE) - 1))
        for (index, byte) in bytes.enumerated() { errorBuffer[index] = CChar(bitPattern: byte) }
        errorBuffer[bytes.count] = 0
        return outcome(CURLE_OPERATION_TIMEDOUT)
    }

    /// True when the transfer failed because the process had no descriptor left for its socket
    /// (the server was not tested at all).
    var ranOutOfDescriptors: Bool {
        var osErrno = 0
        _ = vc_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
        return osErrno == Int(EMFILE) || osErrno == Int(ENFILE)
    }

    /// Reads status, timings and errors once libcurl is done with the transfer.
    func outcome(_ code: CURLcode) -> Result<TransportResponse, ClientError> {
        let timings = readTimings()
        guard code == CURLE_OK else {
            var verify = 0
            _ = vc_easy_getinfo_long(easy, CURLINFO_SSL_VERIFYRESULT, &verify)
            var text = String(cString: errorBuffer)
            if text.isEmpty { text = String(cString: vc_easy_strerror(code)) }
            // The host as the URL names it, never a `--connect-to` address.
            text = ConnectToSpec.asRequested(text, url: request.url, rules: request.connectTo)
            if headerSink.capExceeded || CurlErrorClassifier.isHeaderOverflow(curlCode: Int(code.rawValue), errorText: text) {
                var error = ClientError.transport(.tooLarge, message: "response headers larger than \(Self.headerCap) bytes",
                                                  timings: timings, cause: .headers)
                error.parameters["bytes"] = String(Self.headerCap)
                return .failure(error)
            }
            let mapped = CurlErrorClassifier.classify(curlCode: Int(code.rawValue), verifyResult: verify,
                                                      errorText: text, bodyCapExceeded: sink.capExceeded)
            let message = mapped == .tooLarge ? "response larger than \(sink.cap) bytes" : text
            let cause = CurlErrorClassifier.cause(curlCode: Int(code.rawValue), errorText: text)
            return .failure(.transport(mapped, message: message, timings: timings, cause: cause))
        }
        var status = 0
        _ = vc_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var redirect: UnsafeMutablePointer<CChar>?
        _ = vc_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &redirect)
        var effective: UnsafeMutablePointer<CChar>?
        _ = vc_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        return .success(TransportResponse(status: status, body: sink.data, timings: timings,
                                          redirectURL: redirect.map { TextSanitizer.clean(String(cString: $0)) },
                                          url: effective.map { String(cString: $0) },
                                          certificate: readCertificate()))
    }

    /// The leaf certificate of this transfer's handshake; nil when the connection was reused
    /// (libcurl fills CERTINFO only when it shakes hands).
    private func readCertificate() -> CertificateInfo? {
        var pointer: UnsafeMutableRawPointer?
        guard vc_easy_getinfo_pointer(easy, CURLINFO_CERTINFO, &pointer) == CURLE_OK, let pointer else { return nil }
        let info = pointer.assumingMemoryBound(to: curl_certinfo.self).pointee
        guard info.num_of_certs > 0, let chain = info.certinfo, var node = chain[0] else { return nil }
        var fields: [String] = []
        while true {
            if let data = node.pointee.data { fields.append(String(cString: data)) }
            guard let next = node.pointee.next else { break }
            node = next
        }
        return CertInfoParser.parse(fields: fields)
    }

    private func readTimings() -> CheckTimings {
        func milliseconds(_ info: CURLINFO) -> Double {
            var microseconds: curl_off_t = 0
            _ = vc_easy_getinfo_off(easy, info, &microseconds)
            return Double(microseconds) / 1000
        }
        return CheckTimings(dnsMs: milliseconds(CURLINFO_NAMELOOKUP_TIME_T),
                            connectMs: milliseconds(CURLINFO_CONNECT_TIME_T),
                            tlsMs: milliseconds(CURLINFO_APPCONNECT_TIME_T),
                            firstByteMs: milliseconds(CURLINFO_STARTTRANSFER_TIME_T),
                            totalMs: milliseconds(CURLINFO_TOTAL_TIME_T))
    }
}
