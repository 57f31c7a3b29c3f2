import FoundationEssentials
import Glibc

/// Reading this machine's mDNS facts (nsswitch.conf, nss-mdns modules, the Avahi socket).
extension MDNSFacts {
    /// Reads this machine. Blocks for at most `avahiTimeoutMs` while asking the daemon.
    public static func read(nsswitchPath: String = nsswitch, avahiSocketPath: String = avahiSocket,
                            avahiTimeoutMs: Int32 = 1000) -> MDNSFacts {
        let text = try? String(contentsOfFile: nsswitchPath, encoding: .utf8)
        let loadable = Set(mdnsModules.filter(canLoad))
        return MDNSFacts(nsswitchPath: nsswitchPath, hostsLine: text.flatMap(hostsLine), loadableModules: loadable,
                         avahiSocketPath: avahiSocketPath, avahi: askAvahi(avahiSocketPath, timeoutMs: avahiTimeoutMs))
    }

    /// The last `hosts:` line (glibc uses the last one), comments removed.
    static func hostsLine(in text: String) -> String? {
        text.split(whereSeparator: \.isNewline)
            .map { line in line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
            .last { $0.trimmingBlanks.hasPrefix("hosts:") }
            .map { $0.trimmingBlanks }
    }

    /// Whether glibc's NSS could load the module: the same `dlopen` of `libnss_NAME.so.2`.
    static func canLoad(_ module: String) -> Bool {
        guard let handle = dlopen("libnss_\(module).so.2", RTLD_LAZY | RTLD_LOCAL) else { return false }
        dlclose(handle)
        return true
    }

    /// Avahi's simple protocol (the one nss-mdns speaks): `HELP` answers with lines starting `+`.
    static func askAvahi(_ path: String, timeoutMs: Int32) -> Avahi {
        var info = stat()
        guard stat(path, &info) == 0 else { return .notRunning }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .silent }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .silent }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        var timeout = timeval(tv_sec: Int(timeoutMs / 1000), tv_usec: Int(timeoutMs % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return .notRunning }
        let request = Array("HELP\n".utf8)
        guard Glibc.write(fd, request, request.count) == request.count else { return .silent }
        var answer = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(fd, &answer, answer.count)
        return count > 0 && answer[0] == UInt8(ascii: "+") ? .answering : .silent
    }
}
