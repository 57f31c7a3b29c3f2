import Foundation
import Glibc

/// A plain HTTP/1.0 GET to 127.0.0.1 for tests that ask an engine's API (Prometheus,
/// Alertmanager): blocking, on a detached task, so it never holds the cooperative pool.
public enum LoopbackHTTP {
    public struct Answer: Sendable {
        public var status: Int
        public var body: String
    }

    public static func get(port: Int, path: String, timeoutSeconds: Int = 5) async -> Answer? {
        await OwnThread.run { blockingGet(port: port, path: path, timeoutSeconds: timeoutSeconds) }
    }

    /// The JSON object of a GET, nil when it is not one.
    public static func json(port: Int, path: String) async -> [String: Any]? {
        guard let answer = await get(port: port, path: path),
              let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else { return nil }
        return object
    }

    /// Polls `condition` (every 200 ms) until it holds or `seconds` pass.
    public static func eventually(seconds: Double, _ condition: () async -> Bool) async -> Bool {
        await Eventually.holds(within: .seconds(seconds), every: .milliseconds(200), condition)
    }

    /// Query-string encoding of a PromQL expression.
    public static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func blockingGet(port: Int, path: String, timeoutSeconds: Int) -> Answer? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let statusLine = text[..<split.lowerBound].split(separator: "\r\n").first ?? ""
        guard let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return Answer(status: status, body: String(text[split.upperBound...]))
    }
}
