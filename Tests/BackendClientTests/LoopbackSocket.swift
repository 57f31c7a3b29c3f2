import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Real loopback endpoints that misbehave without any server program: a port nobody
/// listens on (refused) and a socket that listens but never accepts (the TCP connection
/// completes in the kernel, the TLS handshake never gets an answer: a hang).
enum LoopbackSocket {
    /// A listening socket that is never accepted from. Close it with `close(fd)`.
    static func listenWithoutAccepting() -> (fd: Int32, port: Int) {
        let fd = bound()
        listen(fd, 512)
        return (fd, port(of: fd))
    }

    /// A port with no listener: connecting to it is refused.
    static func refusedPort() -> Int {
        // Bound but never listening: the kernel refuses connections to it, and no other
        // process (a demo backend, a webhook receiver of a test running alongside) can take the
        // port meanwhile, as it could once a closed socket freed it. Kept open for the run.
        let fd = bound()
        return port(of: fd)
    }

    private static func bound() -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return fd
    }

    private static func port(of fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
