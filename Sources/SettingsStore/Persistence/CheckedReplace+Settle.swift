import Glibc

extension CheckedReplace.Replacement {
    /// The names are settled and the new file is not in place (given back, or never
    /// exchanged): lets go of its `NewFileLease`. Readers who found it by the name while it
    /// had it read it and save through the name, where the old file is again. A writer who
    /// found it by the name writes into it: the app waits (bounded) for them to close it, and
    /// if they wrote, their save is kept under an aside name and the error says where, rather
    /// than being deleted with the temporary name.
    func settle(_ fresh: NewFileLease) throws {
        let writer = fresh.knock == .writer
        fresh.release()
        guard writer, FileIdentity.current(temporary)?.inode == fresh.identity.inode else { return }
        let wrote = LeaseWait.until { () -> Bool? in
            guard let now = FileIdentity.current(temporary) else { return false }
            guard case .held(let lease) = ReadLease.take(temporary, identity: now) else { return nil }
            lease.release()
            // Unchanged: a careful editor saw the content was not what it had read, and wrote nothing.
            return now != fresh.identity
        }
        if wrote == false { return }
        throw try keptAside(errno: EBUSY)
    }
}
