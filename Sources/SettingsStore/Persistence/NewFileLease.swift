import CPlatform
import Glibc

/// A kernel write lease on the app's own new file for as long as it is being put in place:
/// nobody can open it, to read or to write, without waiting in the kernel until the app lets
/// go, and the app can tell whether a reader or a writer is waiting.
///
/// Why: the exchange gives the new file the name before the app knows it may keep it (the
/// displaced file is compared afterwards). When the names must be given back (someone renamed
/// a save over the path just before the exchange, or opened the old file for writing), a
/// person who found the new file by the name in between must not read it and save on top of
/// it, nor write into it, because the app then deletes it. Under this lease their open waits
/// until the names are settled:
/// - a reader then reads the new file's bytes, and saves through a fresh open of the name (a
///   careful editor sees the file changed since it read it and starts over);
/// - a writer writes into the file it opened: `CheckedReplace` makes sure that file has a
///   name by then (see `CheckedReplace.settle`).
///
/// The lease is granted only while nobody else has the file open; the new file is the app's
/// own, finished and closed, so it is refused only where leases are not available at all.
struct NewFileLease {
    private let fd: Int32
    /// The new file's identity when the lease was taken (complete and fsynced).
    let identity: FileIdentity

    /// Who is waiting for the lease, if anyone.
    enum Knock: Equatable {
        case nobody
        case reader
        case writer
    }

    /// nil where the file system has no leases (or, oddly, someone has the file open).
    static func take(_ path: String) -> NewFileLease? {
        guard let (fd, identity) = try? RegularFile.open(path, flags: O_RDONLY, followLinks: false) else { return nil }
        guard vc_lease_write(fd, ReadLease.breakSignal) == 0 else {
            close(fd)
            return nil
        }
        return NewFileLease(fd: fd, identity: identity)
    }

    /// A reader knocking asks for the lease to become a read lease, a writer for it to go.
    var knock: Knock {
        switch vc_lease_state(fd) {
        case Int32(F_WRLCK): .nobody
        case Int32(F_RDLCK): .reader
        default: .writer
        }
    }

    /// The file's bytes through the lease's own descriptor (opening it again would wait for
    /// the lease like anyone else's open); nil when reading fails.
    func bytes() -> [UInt8]? {
        try? RegularFile.readAll(fd, limit: JSONObjectFile.maximumSize, path: "")
    }

    /// Lets whoever waits in and closes the descriptor.
    func release() {
        _ = vc_lease_release(fd)
        close(fd)
    }
}
