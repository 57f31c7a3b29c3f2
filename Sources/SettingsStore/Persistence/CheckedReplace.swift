import CPlatform
import Glibc

/// The last step of a rewrite: the new file takes the place of the old one only if the old
/// one is still exactly what was read, and nobody is writing it, and no person's save goes
/// into a file that is then deleted.
///
/// Three ways a save could be lost, and what closes each:
/// - A new file renamed over the path (vim) after the check: the names are exchanged
///   atomically (`renameat2` with `RENAME_EXCHANGE`); afterwards the temporary name holds what
///   the path held at that instant, and if that is not what was read, the names are given
///   back and the caller reads again. A save renamed over the path while the new file had it
///   is the latest one: it keeps the name, and the one it replaced is kept aside.
/// - A save in place (nano, `cat >`) by a program that opened the old file before the
///   exchange and writes after it: its bytes would land in the displaced file. The exchange
///   happens under a `ReadLease`, granted only while nobody has the file open for writing;
///   whoever opens it for writing meanwhile waits in the kernel, and the old file gets its
///   name back before they are let in. While someone holds it open for writing, the app waits
///   for them (bounded) and then reads again.
/// - A save into the app's new file while it briefly had the name, when the names are then
///   given back (the load test lost one so: a rename save raced in before the exchange, an
///   in-place save read and wrote the new file, the app gave back and deleted it). The new
///   file is under a `NewFileLease` from before the exchange until its name is settled:
///   nobody reads or writes it meanwhile; readers then read it and save through the name
///   (a careful editor sees the file changed and starts over); a writer's file is kept under
///   an aside name before it is let in (`settle`).
///
/// Left open, because no lease can close it: a program whose open(2) looked the name up
/// before the names changed and reaches the file only after the app let go (microseconds in
/// the kernel) gets the file the name no longer points to.
///
/// A missing file is created only if it is still missing (`RENAME_NOREPLACE`). Where the file
/// system cannot exchange names, a check right before a plain rename is the fallback; where
/// it has no leases, the displaced file is compared again after a settle period, and a new
/// file written while it had the name is kept aside when the names are given back.
enum CheckedReplace {
    /// Without leases: how long a displaced file is watched before it is let go. An editor
    /// that opened it just before the exchange writes within this time.
    static let settleMicroseconds: useconds_t = 50_000

    /// The instants of a replacement at which a test can act (`commit`'s `step`).
    enum Step: CaseIterable, Sendable {
        /// The old file compared and about to be exchanged.
        case beforeExchange
        /// The names just exchanged: the new file has the name.
        case afterExchange
        /// The displaced file found to be the old one, about to be let go.
        case beforeLettingGo
        /// The names just given back: the new file is under the temporary name again.
        case afterGiveBack
    }

    /// Returns whether the new file is in place, and where the replaced content was kept
    /// (when `keepAside`). `leases: false` and `step` are for tests: the fallback without
    /// leases, and an action at each `Step` of the replacement.
    static func commit(_ temporary: String, over path: String, expecting old: RegularFile.Contents?,
                       keepAside: Bool, leases: Bool = true,
                       step: ((Step) -> Void)? = nil) throws -> (replaced: Bool, aside: String?) {
        guard JSONObjectFile.unchanged(path, since: old) else { return (false, nil) }
        guard let old else {
            if vc_rename_noreplace(temporary, path) == 0 { return (true, nil) }
            if errno == EEXIST { return (false, nil) }
            guard errno == EINVAL || errno == ENOSYS else { throw PersistenceError.fromErrno("rename", path) }
            return (try AtomicFile.renameCommit(temporary, path), nil)
        }
        let replacement = Replacement(temporary: temporary, path: path, old: old, keepAside: keepAside,
                                      step: step ?? { _ in })
        // Held until the new file's name is settled: see `NewFileLease`. Where it cannot be
        // taken, leases are not available where the file lives.
        guard leases, let fresh = NewFileLease.take(temporary) else { return try replacement.exchangeWithoutLease() }
        let outcome = Result { try replacement.exchangeUnderLeases() }
        if case .success(let done) = outcome, done.replaced {
            fresh.release()
            return done
        }
        try replacement.settle(fresh)
        return try outcome.get()
    }

    /// One replacement of an existing file that was read as `old`.
    struct Replacement {
        let temporary: String
        let path: String
        let old: RegularFile.Contents
        let keepAside: Bool
        let step: (Step) -> Void

        /// Takes the read lease on the old file (waiting, bounded, while someone has it open
        /// for writing, or after giving the names back to someone who knocked) and exchanges
        /// under it.
        func exchangeUnderLeases() throws -> (replaced: Bool, aside: String?) {
            let done = try LeaseWait.until { () throws -> (replaced: Bool, aside: String?)? in
                switch ReadLease.take(path, identity: old.identity) {
                case .changed:
                    return (false, nil)
                case .unsupported:
                    return try exchangeWithoutLease()
                case .held(let lease):
                    // Released on every path: a lease left behind would hold up every editor's
                    // save of this file until the kernel revokes it (45 s by default).
                    defer { lease.release() }
                    return try exchange(under: lease)
                case .busy:
                    return nil
                }
            }
            guard let done else { throw PersistenceError.beingWritten(path: path) }
            return done
        }

        /// Under the lease nobody writes the old file, so its bytes are compared once more
        /// (a same-size save within one tick of the file clock leaves size and time alike).
        /// nil when someone started opening it for writing: it has its name back, and they
        /// are let in when the lease is released.
        func exchange(under lease: ReadLease) throws -> (replaced: Bool, aside: String?)? {
            guard lease.bytes(limit: JSONObjectFile.maximumSize) == old.bytes else { return (false, nil) }
            step(.beforeExchange)
            guard let ours = FileIdentity.current(temporary) else { throw PersistenceError.fromErrno("stat", temporary) }
            guard try exchangeNames() else { return try plainRename() }
            step(.afterExchange)
            guard lease.intact else {
                try giveBack(expecting: ours)
                return nil
            }
            return try finish(ours, intact: { lease.intact })
        }

        /// Without a lease: the exchange, then a pause before the displaced file is compared,
        /// for an in-place save that had already opened it.
        func exchangeWithoutLease() throws -> (replaced: Bool, aside: String?) {
            step(.beforeExchange)
            guard let ours = FileIdentity.current(temporary) else { throw PersistenceError.fromErrno("stat", temporary) }
            guard try exchangeNames() else { return try plainRename() }
            step(.afterExchange)
            usleep(settleMicroseconds)  // real time for another process's save (as above)
            return try finish(ours, intact: { true }) ?? (false, nil)
        }

        /// False where the file system cannot exchange names.
        private func exchangeNames() throws -> Bool {
            if vc_rename_exchange(temporary, path) == 0 { return true }
            if errno == EINVAL || errno == ENOSYS { return false }
            throw PersistenceError.fromErrno("rename", path)
        }

        private func plainRename() throws -> (replaced: Bool, aside: String?) {
            guard JSONObjectFile.unchanged(path, since: old) else { return (false, nil) }
            let aside = keepAside ? try AsideFile.keepCopy(of: path, bytes: old.bytes) : nil
            return (try AtomicFile.renameCommit(temporary, path), aside)
        }

        /// `temporary` now names what `path` held at the instant of the exchange: let it go
        /// if that is what was read, else give it its name back (nil).
        ///
        /// `intact` is asked once more right before the displaced file is let go, while the
        /// lease is still held: an editor whose open found the old file before the exchange and
        /// knocked while it was being compared gets the name back (and the app tries again),
        /// instead of writing into a file that no longer has a name once the lease is released.
        private func finish(_ ours: FileIdentity, intact: () -> Bool) throws -> (replaced: Bool, aside: String?)? {
            let displaced = try? RegularFile.read(temporary, limit: JSONObjectFile.maximumSize, followLinks: false)
            guard displaced == old else {
                try giveBack(expecting: ours)
                return (false, nil)
            }
            guard intact() else {
                try giveBack(expecting: ours)
                return nil
            }
            step(.beforeLettingGo)
            let aside = keepAside ? try AsideFile.keepCopy(of: path, bytes: old.bytes, source: temporary) : nil
            unlink(temporary)
            return (true, aside)
        }

        /// Exchanges the names back. If what comes back is not the app's new file, a person
        /// renamed a save over the path in between: theirs is the later save, so the names are
        /// exchanged once more to give it the name, the file that was there before it is kept
        /// under an aside name, and the error says where. Without leases (the fallback) the new
        /// file may have been written in place while it had the name: then it is kept too.
        private func giveBack(expecting ours: FileIdentity) throws {
            let swapped = vc_rename_exchange(temporary, path) == 0
            let code = errno
            step(.afterGiveBack)
            let back = FileIdentity.current(temporary)
            if swapped, back?.inode == ours.inode {
                guard back != ours else { return }
                throw try keptAside(errno: EBUSY)
            }
            if swapped { _ = vc_rename_exchange(temporary, path) }
            throw try keptAside(errno: swapped ? EEXIST : code)
        }

        /// Keeps what the temporary name holds under an aside name (a hard link) and returns
        /// the error that says where. `bytes` are for a copy where hard links are refused
        /// (read from the temporary name when not given).
        func keptAside(errno code: Int32, bytes: [UInt8]? = nil) throws -> PersistenceError {
            let copy = bytes ?? ((try? AtomicFile.read(temporary, followLinks: false)) ?? nil)
            let kept = try AsideFile.keepCopy(of: path, bytes: copy ?? [], source: temporary)
            return PersistenceError.io(operation: "rename (kept at " + kept + ")", path: path, errno: code)
        }
    }
}
