#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A blocking HTTP/1.0 client for the demo backend's plain-HTTP control port on 127.0.0.1.
/// Small on purpose: it avoids URLSession (FoundationNetworking) and only ever talks to loopback.
enum DemoBackendControlClient {
    struct Response {
        let status: Int
        let body: Data
    }

    static func request(port: Int, method: String, path: String, timeoutSeconds: Int = 30) throws -> Response {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw DemoBackendError.controlFailed("socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        let sendFlags: Int32 = 0
        #else
        let sendFlags = Int32(MSG_NOSIGNAL)
        #endif

        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw DemoBackendError.controlFailed("connect to 127.0.0.1:\(port): errno \(errno)")
        }

        let request = Array("\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DemoBackendError.controlFailed("send: errno \(errno)") }
            sent += n
        }

        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw DemoBackendError.controlFailed("recv: errno \(errno)") }
            if n == 0 { break }
            response.append(contentsOf: chunk[0..<n])
        }
        return try parse(response)
    }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = bytes.firstRange(of: separator) else {
            throw DemoBackendError.controlFailed("incomplete response: \(String(decoding: bytes, as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<headerEnd.lowerBound], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let fields = statusLine.split(separator: " ")
        guard fields.count >= 2, let status = Int(fields[1]) else {
            throw DemoBackendError.controlFailed("bad status line: \(statusLine)")
        }
        return Response(status: status, body: Data(bytes[headerEnd.upperBound...]))
    }
}
