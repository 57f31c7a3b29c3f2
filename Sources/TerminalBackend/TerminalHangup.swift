import Glibc

/// Whether the terminal behind a descriptor has gone away: its pty master was closed (a killed
/// tmux pane, a dropped ssh connection, a closed terminal window), so the kernel hung the
/// terminal up. Reading it then gives end of file or EIO for ever, and the read source fires
/// without end. The app must end then, whether or not a SIGHUP came (it may be ignored, or
/// not sent to this session at all).
enum TerminalHangup {
    static func hasHappened(on fd: Int32) -> Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) >= 0 else { return errno == EBADF }
        return probe.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
