import CTerminalGuard
import Dispatch
import Glibc

/// Delivers SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT and SIGTSTP to the main queue. The C
/// handler only writes the signal number into a pipe (async-signal-safe); a dispatch source on
/// the main queue reads it, so the event loop sleeps until something happens.
@MainActor
public final class SignalChannel {
    private var source: DispatchSourceRead?
    private var readFD: Int32 = -1
    private var writeFD: Int32 = -1

    public init() {}

    public func start(_ onSignal: @escaping @MainActor (Int32) -> Void) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError.cannotInitialize }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
        vc_guard_unblock_signals()
        guard vc_guard_install_graceful_handlers(writeFD) == 0 else { throw TerminalError.cannotInitialize }
        let fd = readFD
        let src = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        src.setEventHandler {
            var buf = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buf, buf.count)
            guard n > 0 else { return }
            MainActor.assumeIsolated {
                for i in 0..<n {
                    vc_guard_acknowledge()
                    onSignal(Int32(buf[i]))
                }
            }
        }
        src.resume()
        source = src
    }

    public func stop() {
        source?.cancel()
        source = nil
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
        readFD = -1
        writeFD = -1
    }
}
