import CPlatform
import Glibc

/// A kernel read lease on the file a rewrite is about to replace: the one way to know that
/// no program has it open for writing, and that none opens it until the replacement is done.
///
/// An editor saving in place (nano, `cat >`) opens the file, truncates it and writes. If the
/// app renamed its new file over the path after the editor opened the old one, the editor's
/// bytes would go to a file that no longer has the name, however carefully the app compared
/// the content first. A read lease is granted only while nobody holds the file open for
/// writing; while it is held, anyone opening the file for writing (or truncating it) waits in
/// the kernel until the lease is released, and the holder sees the lease breaking. So the app
/// exchanges the names under the lease and, if someone knocked meanwhile, gives the old file
/// its name back before it lets them in.
///
/// The kernel grants leases to the file's owner (or with CAP_LEASE); the app only replaces
/// files of its own user. Where leases are not available (network file systems), `take`
/// says `.unsupported` and the caller falls back to comparing after a settle period.
///
/// The old file's lease covers only the old file: the app's new file has the name from the
/// exchange on, and is covered by a `NewFileLease` until the app knows it keeps the name.
struct ReadLease {
    private let fd: Int32

    enum Taken {
        case held(ReadLease)
        /// Someone has the file open for writing now.
        case busy
        /// The file is no longer the one expected (replaced, removed, or written).
        case changed
        case unsupported
    }

    /// A breaking lease signals its holder. SIGIO, the default, would end the process; SIGURG
    /// is ignored unless a handler is installed, and the holder asks the kernel instead.
    static let breakSignal = SIGURG

    /// Takes a read lease on `path`, which must still be the file with `identity`.
    static func take(_ path: String, identity: FileIdentity) -> Taken {
        guard let (fd, now) = try? RegularFile.open(path, flags: O_RDONLY, followLinks: false) else { return .changed }
        guard now == identity else {
            close(fd)
            return .changed
        }
        if vc_lease_read(fd, breakSignal) == 0 { return .held(ReadLease(fd: fd)) }
        let code = errno
        close(fd)
        return code == EAGAIN ? .busy : .unsupported
    }

    /// False once someone has started to open the file for writing or to truncate it since
    /// the lease was taken (they wait for `release`).
    var intact: Bool { vc_lease_intact(fd) != 0 }

    /// The file's bytes as they are under the lease (nobody can be writing them), at most
    /// `limit` + 1 of them; nil when reading fails.
    func bytes(limit: Int) -> [UInt8]? {
        try? RegularFile.readAll(fd, limit: limit, path: "")
    }

    /// Lets waiting writers in and closes the descriptor.
    func release() {
        _ = vc_lease_release(fd)
        close(fd)
    }
}
