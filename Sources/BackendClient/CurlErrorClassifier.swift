import SettingsStore

/// Maps a failed libcurl transfer to a code of docs/PRODUCT.md: Error codes. Pure, so every branch is tested
/// without a network; the numbers were checked against real certificates (see the tests).
public enum CurlErrorClassifier {
    /// OpenSSL `X509_V_ERR_*` values that `CURLINFO_SSL_VERIFYRESULT` reports.
    public enum VerifyResult {
        public static let unableToGetIssuerCert = 2
        public static let certNotYetValid = 9
        public static let certHasExpired = 10
        public static let depthZeroSelfSigned = 18
        public static let selfSignedInChain = 19
        public static let unableToGetIssuerCertLocally = 20
        public static let unableToVerifyLeafSignature = 21
        public static let hostnameMismatch = 62
    }

    /// - Parameters:
    ///   - curlCode: the transfer's `CURLcode`.
    ///   - verifyResult: `CURLINFO_SSL_VERIFYRESULT`.
    ///   - errorText: libcurl's error buffer (or `curl_easy_strerror` when empty).
    ///   - bodyCapExceeded: the write callback refused data because of the body cap.
    public static func classify(curlCode: Int, verifyResult: Int, errorText: String,
                                bodyCapExceeded: Bool) -> ConnectivityErrorCode {
        if bodyCapExceeded { return .tooLarge }
        switch curlCode {
        case 5, 6: // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
            return .dns
        case 28: // OPERATION_TIMEDOUT
            // The deadline struck while the name was still being resolved: the resolver, not
            // the server, did not answer, and raising the timeout is the wrong advice.
            return cause(curlCode: curlCode, errorText: errorText) == .resolverTimeout ? .dns : .timeout
        case 60: // PEER_FAILED_VERIFICATION
            return classifyVerification(verifyResult: verifyResult, errorText: errorText)
        case 35, 58, 59, 64, 66, 77, 80, 82, 83, 90, 91, 98: // TLS handshake and setup failures
            // OpenSSL sometimes reports a certificate problem as a handshake error.
            return classifyVerification(verifyResult: verifyResult, errorText: errorText)
        case 63: // FILESIZE_EXCEEDED (Content-Length above CURLOPT_MAXFILESIZE)
            return .tooLarge
        case 42: // ABORTED_BY_CALLBACK
            return .cancelled
        case 47: // TOO_MANY_REDIRECTS
            return .redirectRefused
        case 8, 16, 61, 92, 95: // WEIRD_SERVER_REPLY, HTTP2, BAD_CONTENT_ENCODING, HTTP2_STREAM, HTTP3
            return .badResponse
        case 23: // WRITE_ERROR without the cap: the answer could not be taken in
            return .badResponse
        default:
            // COULDNT_CONNECT (7), GOT_NOTHING (52), SEND_ERROR (55), RECV_ERROR (56) and the
            // rest: the server could not be reached or dropped the connection.
            return .connect
        }
    }

    /// libcurl's own limits on response headers: one header line over 100 KiB (7.88: "Avoided
    /// giant realloc for header", out of memory 27) or, in later versions, all of them over
    /// its maximum (CURLE_TOO_LARGE 100, "Too large response headers").
    public static func isHeaderOverflow(curlCode: Int, errorText: String) -> Bool {
        let text = errorText.lowercased()
        switch curlCode {
        case 100: return true
        case 27, 56: return text.contains("header")
        default: return false
        }
    }

    /// The finer cause the catalogs word separately, if any. libcurl says "Resolving timed
    /// out after N milliseconds" when its deadline passes during name resolution.
    public static func cause(curlCode: Int, errorText: String) -> ConnectivityCause? {
        if curlCode == 28 && errorText.lowercased().contains("resolving timed out") { return .resolverTimeout }
        return nil
    }

    private static func classifyVerification(verifyResult: Int, errorText: String) -> ConnectivityErrorCode {
        switch verifyResult {
        case VerifyResult.certHasExpired:
            return .tlsExpired
        case VerifyResult.certNotYetValid:
            return .tlsNotYetValid
        case VerifyResult.hostnameMismatch:
            return .tlsHostname
        case VerifyResult.unableToGetIssuerCert, VerifyResult.depthZeroSelfSigned,
             VerifyResult.selfSignedInChain, VerifyResult.unableToGetIssuerCertLocally,
             VerifyResult.unableToVerifyLeafSignature:
            return .tlsUntrusted
        default:
            break
        }
        // libcurl checks the host name itself after the handshake and then reports
        // verify result 1 (X509_V_ERR_UNSPECIFIED); only its message tells the cause.
        let text = errorText.lowercased()
        if text.contains("subject name") || text.contains("host name") || text.contains("hostname") {
            return .tlsHostname
        }
        // OpenSSL's words: "certificate is not yet valid", "certificate has expired".
        if text.contains("not yet valid") {
            return .tlsNotYetValid
        }
        if text.contains("expired") {
            return .tlsExpired
        }
        if text.contains("self-signed") || text.contains("self signed") || text.contains("local issuer")
            || text.contains("unknown ca") {
            return .tlsUntrusted
        }
        return .tlsOther
    }
}
