import TestSupport
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

@Suite struct CurlErrorClassifierTests {
    typealias V = CurlErrorClassifier.VerifyResult

    /// One failure as libcurl reports it, with the code docs/PRODUCT.md: Error codes wants for it.
    struct Case: Sendable, CustomStringConvertible {
        var curlCode: Int
        var verify: Int
        var text: String
        var capExceeded: Bool
        var expected: ConnectivityErrorCode
        var description: String { "curl \(curlCode) verify \(verify) '\(text)' cap \(capExceeded) → \(expected.rawValue)" }
    }

    static let anyVerify = Gen.int(in: 0...80)
    static let tlsCodes = Gen.int(in: 0...11).map { [35, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91][$0] }
    static let noise = Gen.letter.string(of: 0...12)

    /// Every failure kind, generated: the classifier must give each its code.
    static let cases = Gen.int(in: 0...11).flatMapCase()

    @Test func eachFailureKindIsClassifiedToItsCode() async {
        await propertyCheck(count: 300, input: Self.cases) { item in
            let code = CurlErrorClassifier.classify(curlCode: item.curlCode, verifyResult: item.verify,
                                                    errorText: item.text, bodyCapExceeded: item.capExceeded)
            #expect(code == item.expected, "\(item)")
        }
    }

    /// The figures measured with real certificates on this machine (libcurl 7.88.1, OpenSSL 3.0):
    /// see `RealTLSTests` for the end-to-end versions.
    @Test func measuredCombinations() {
        let table: [(Int, Int, String, ConnectivityErrorCode)] = [
            (7, 0, "Failed to connect to 127.0.0.1 port 1: Couldn't connect to server", .connect),
            (6, 0, "Could not resolve host: nowhere.invalid", .dns),
            (28, 0, "Operation timed out after 300 milliseconds with 0 bytes received", .timeout),
            (28, 0, "Connection timed out after 5001 milliseconds", .timeout),
            // A resolver that never answers (measured in a namespace: Benchmarks/scripts/with-stalled-resolver.sh).
            (28, 0, "Resolving timed out after 5000 milliseconds", .dns),
            (60, 1, "SSL: no alternative certificate subject name matches target host name 'good.test'", .tlsHostname),
            (60, 20, "SSL certificate problem: unable to get local issuer certificate", .tlsUntrusted),
            (60, 18, "SSL certificate problem: self-signed certificate", .tlsUntrusted),
            (60, 10, "SSL certificate problem: certificate has expired", .tlsExpired),
            (60, 9, "SSL certificate problem: certificate is not yet valid", .tlsNotYetValid),
            (35, 0, "SSL certificate problem: certificate is not yet valid", .tlsNotYetValid),
            (35, 0, "SSL certificate problem: certificate has expired", .tlsExpired),
            (63, 0, "Maximum file size exceeded", .tooLarge),
            (42, 0, "Callback aborted", .cancelled),
            (52, 0, "Empty reply from server", .connect),
            (35, 0, "OpenSSL/3.0.19: error:0A000410:SSL routines::sslv3 alert handshake failure", .tlsOther),
        ]
        #expect(CurlErrorClassifier.cause(curlCode: 28, errorText: "Resolving timed out after 5000 milliseconds")
                == .resolverTimeout)
        #expect(CurlErrorClassifier.cause(curlCode: 28, errorText: "Connection timed out after 5001 milliseconds") == nil)
        #expect(CurlErrorClassifier.cause(curlCode: 6, errorText: "Resolving timed out after 5000 milliseconds") == nil)
        // libcurl's own header limits (7.88: one line over 100 KiB; later: CURLE_TOO_LARGE).
        #expect(CurlErrorClassifier.isHeaderOverflow(curlCode: 27, errorText: "Avoided giant realloc for header (max is 102400)!"))
        #expect(CurlErrorClassifier.isHeaderOverflow(curlCode: 100, errorText: "Too large response headers: 307200 > 307200"))
        #expect(!CurlErrorClassifier.isHeaderOverflow(curlCode: 27, errorText: "Out of memory"))
        #expect(!CurlErrorClassifier.isHeaderOverflow(curlCode: 7, errorText: "Failed to connect"))
        for (curl, verify, text, expected) in table {
            #expect(CurlErrorClassifier.classify(curlCode: curl, verifyResult: verify, errorText: text,
                                                 bodyCapExceeded: false) == expected, "\(curl) \(verify)")
        }
    }
}

extension Generator where ResultValue == Int {
    /// Picks a failure kind by number, then fills in a random instance of it.
    func flatMapCase() -> Shrinking<CurlErrorClassifierTests.Case> {
        let kind = self
        return shrinking { rng in
            typealias C = CurlErrorClassifierTests
            typealias V = CurlErrorClassifier.VerifyResult
            let verify = C.anyVerify.run(using: &rng)
            let noise = C.noise.run(using: &rng)
            let tlsCode = C.tlsCodes.run(using: &rng)
            switch kind.run(using: &rng) {
            case 0: return C.Case(curlCode: [5, 6][Int(rng.next() % 2)], verify: verify, text: noise, capExceeded: false, expected: .dns)
            case 1: return C.Case(curlCode: [7, 52, 55, 56][Int(rng.next() % 4)], verify: 0, text: noise, capExceeded: false, expected: .connect)
            case 2: return C.Case(curlCode: 28, verify: verify, text: noise, capExceeded: false, expected: .timeout)
            case 3:
                let untrusted = [V.unableToGetIssuerCert, V.depthZeroSelfSigned, V.selfSignedInChain,
                                 V.unableToGetIssuerCertLocally, V.unableToVerifyLeafSignature]
                return C.Case(curlCode: tlsCode, verify: untrusted[Int(rng.next() % 5)], text: noise, capExceeded: false, expected: .tlsUntrusted)
            case 4: return C.Case(curlCode: tlsCode, verify: V.hostnameMismatch, text: noise, capExceeded: false, expected: .tlsHostname)
            case 5: return C.Case(curlCode: tlsCode, verify: 1, text: "SSL: no alternative certificate subject name matches target host name '\(noise)'", capExceeded: false, expected: .tlsHostname)
            case 6:
                // Expired and not yet valid are different advice (renew vs. the clock): never one code.
                let notYet = rng.next() % 2 == 0
                return C.Case(curlCode: tlsCode, verify: notYet ? V.certNotYetValid : V.certHasExpired, text: noise,
                              capExceeded: false, expected: notYet ? .tlsNotYetValid : .tlsExpired)
            case 7: return C.Case(curlCode: tlsCode, verify: [0, 1, 3, 7, 50][Int(rng.next() % 5)], text: "handshake failure \(noise.lowercased().filter { $0 < "e" })", capExceeded: false, expected: .tlsOther)
            case 8: return C.Case(curlCode: [63][0], verify: verify, text: noise, capExceeded: false, expected: .tooLarge)
            case 9: return C.Case(curlCode: [23, 7, 28, 56][Int(rng.next() % 4)], verify: verify, text: noise, capExceeded: true, expected: .tooLarge)
            case 10: return C.Case(curlCode: 42, verify: verify, text: noise, capExceeded: false, expected: .cancelled)
            default: return C.Case(curlCode: [8, 16, 92][Int(rng.next() % 3)], verify: verify, text: noise, capExceeded: false, expected: .badResponse)
            }
        }
    }
}
