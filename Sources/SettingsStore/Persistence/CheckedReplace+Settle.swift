import Glibc

extension CheckedReplace.Replacement {
    /// The names are settled and the new file is not in place (given back, or never
    /// exchanged): lets go of its `NewFileLease`. Readers who found it by the name while it
    /// had it then read it, and save through the name, where the old file is again.
    ///
    /// A writer who found it by the name (nano, `cat >`) then writes into it. Whether it will
    /// write anything cannot be known before it is let in (a careful editor compares first),
    /// nor when it has been let in, so the new file is kept under an aside name before the
    /// lease is released, and the error says where: whatever they write has a name.
    func settle(_ fresh: NewFileLease) throws {
        defer { fresh.release() }
        guard fresh.knock == .writer, FileIdentity.current(temporary)?.inode == fresh.identity.inode else { return }
        throw try keptAside(errno: EBUSY, bytes: fresh.bytes())
    }
}
