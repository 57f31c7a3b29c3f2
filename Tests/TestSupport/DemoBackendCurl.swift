import Foundation
import Subprocess

/// Runs the real `curl` command against a demo backend, as a reference client for tests.
///
/// curl runs with `-q` (no ~/.curlrc), `--noproxy '*'` (a proxy in the environment must never see test
/// traffic), `-sS`, and a `--write-out` of `%{json}` after the body, from which `Result` is read.
public enum DemoBackendCurl {
    public struct Result: Sendable {
        /// curl's exit code: 0, 7 (refused), 28 (timeout), 60 (certificate), ...
        public let exitCode: Int32
        /// HTTP status, 0 when there was no response.
        public let httpCode: Int
        /// Response body (empty with `discardBody`).
        public let body: [UInt8]
        public let stderr: String
        /// Bytes of body received (also with `discardBody`).
        public let sizeDownload: Int
        /// `Location` of a redirect (curl never follows it here).
        public let redirectURL: String?
        /// OpenSSL's verify result: 0 ok, 10 expired, 20 unknown issuer, ...
        public let sslVerifyResult: Int
        /// New connections this transfer opened (0 when a kept-alive one was reused).
        public let numConnects: Int
        /// Every `%{json}` variable curl reported.
        public let writeOut: [String: String]

        public var bodyText: String { String(decoding: body, as: UTF8.self) }

        /// The body parsed as a JSON object, nil when it is not one.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        }
    }

    /// Runs `curl` with `arguments` (URLs and options) plus the fixed options above.
    public static func run(_ arguments: [String], discardBody: Bool = false) async throws -> Result {
        var all = ["-q", "--noproxy", "*", "-sS"]
        if discardBody { all += ["-o", "/dev/null"] }
        all += ["--write-out", "\n%{json}"]
        all += arguments
        let result = try await Subprocess.run(.name("curl"), arguments: Arguments(all),
                                              output: .bytes(limit: 256 * 1024 * 1024),
                                              error: .string(limit: 1024 * 1024))
        let exitCode = exitCode(result.terminationStatus)
        let output = result.standardOutput
        // The write-out is one line of JSON after the body's last byte and a newline of our own.
        let split = output.lastIndex(of: UInt8(ascii: "\n")) ?? output.startIndex
        let body = Array(output[output.startIndex..<split])
        let tail = output[(split == output.endIndex ? split : output.index(after: split))...]
        let variables = (try? JSONSerialization.jsonObject(with: Data(tail))) as? [String: Any] ?? [:]
        var writeOut: [String: String] = [:]
        for (key, value) in variables where !(value is NSNull) {
            writeOut[key] = "\(value)"
        }
        func int(_ key: String) -> Int { Int(writeOut[key] ?? "") ?? 0 }
        return Result(exitCode: exitCode, httpCode: int("http_code"), body: body,
                      stderr: result.standardError, sizeDownload: int("size_download"),
                      redirectURL: writeOut["redirect_url"], sslVerifyResult: int("ssl_verify_result"),
                      numConnects: int("num_connects"), writeOut: writeOut)
    }
}

extension DemoBackendCurl {
    /// A shell's view of a termination: the exit code, or 128 + the signal.
    static func exitCode(_ status: TerminationStatus) -> Int32 {
        switch status {
        case .exited(let code): Int32(code)
        case .signaled(let signal): 128 + Int32(signal)
        }
    }
}

extension DemoBackendProcess {
    /// curl `https://HOST` + `path` of `server` with this backend's CA and every server's `--connect-to`.
    public func curl(_ server: String, _ path: String, _ options: [String] = [],
                     discardBody: Bool = false) async throws -> DemoBackendCurl.Result {
        guard let root = rootURL(of: server) else { throw DemoBackendError.controlFailed("unknown server \(server)") }
        var arguments = ["--cacert", caFile]
        for entry in connectTo { arguments += ["--connect-to", entry] }
        return try await DemoBackendCurl.run(arguments + options + [root + path], discardBody: discardBody)
    }
}
