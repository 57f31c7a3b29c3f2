import Glibc
import Timekeeping

/// The terminal's input on its way to ncurses (docs/ARCHITECTURE.md: The start sequence and the
/// terminal probe). The app reads the terminal itself and ncurses reads a pipe: every byte passes
/// through the `ProbeSession` first, which takes the terminal's answers out whenever they come
/// (the first frame does not wait for them), and only typed keys go on into the pipe, where
/// ncurses decodes them (keypad sequences, UTF-8) as before.
@MainActor
final class TerminalInputPipe {
    private(set) var session: ProbeSession
    /// ncurses' input: the pipe's read end as a stream.
    let file: UnsafeMutablePointer<FILE>
    private let writeEnd: Int32
    private var heldSince: Int64?
    /// How long the start of an answer waits for the rest before it counts as keys; terminals
    /// write an answer at once, so its bytes arrive together.
    static let holdMilliseconds: Int64 = 25

    init?(questions: TerminalProbe.Questions) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        guard let file = fdopen(ends[0], "r") else {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            return nil
        }
        self.file = file
        writeEnd = ends[1]
        session = ProbeSession(questions: questions)
    }

    /// Whether bytes wait for the rest of an answer (call `pump` again after `holdMilliseconds`).
    var isHolding: Bool { session.isHolding }

    /// Reads what the terminal sent, passes the keys on to ncurses and keeps the answers.
    /// Returns whether an answer came, and whether the terminal has gone away.
    func pump(from input: Int32) -> (answered: Bool, ended: Bool) {
        var bytes: [UInt8] = []
        var ended = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let result = poll(&ready, 1, 0)
            if result < 0 && errno == EINTR { continue }
            guard result > 0, ready.revents & Int16(POLLIN) != 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                ended = true
                break
            }
            bytes += buffer.prefix(count)
            if count < buffer.count { break }
        }
        var (keys, answered) = session.read(bytes)
        // The system's clock, not an injected one: it times a real terminal's pause between
        // the bytes of one answer, read as they arrive from its descriptor.
        let now = AppClock.monotonicMilliseconds()
        if session.isHolding {
            if let since = heldSince, now - since >= Self.holdMilliseconds {
                keys += session.release()
                heldSince = nil
            } else if heldSince == nil {
                heldSince = now
            }
        } else {
            heldSince = nil
        }
        pass(keys)
        return (answered, ended)
    }

    private func pass(_ keys: [UInt8]) {
        keys.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(writeEnd, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                // A full pipe (64 KiB of keys ncurses has not read) drops the rest.
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func shutDown() {
        fclose(file)
        Glibc.close(writeEnd)
    }
}
