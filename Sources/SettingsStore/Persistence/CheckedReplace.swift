import CPlatform
import Glibc

/// The last step of a rewrite: the new file takes the place of the old one only if the old
/// one is still exactly what was read, with no window in which a person's save can be lost
/// to a plain rename.
///
/// The names are exchanged atomically (`renameat2` with `RENAME_EXCHANGE`); afterwards the
/// temporary name holds whatever the path held at that instant. If that is not what was read
/// (someone saved between the last check and the exchange), the exchange is undone, which
/// gives their file its name back, and the caller reads again. A missing file is created
/// only if it is still missing (`RENAME_NOREPLACE`). Where the file system cannot exchange
/// names, a check right before a plain rename is the fallback.
enum CheckedReplace {
    /// Returns whether the new file is in place, and where the replaced content was kept
    /// (when `keepAside`).
    static func commit(_ temporary: String, over path: String, expecting old: RegularFile.Contents?,
                       keepAside: Bool) throws -> (replaced: Bool, aside: String?) {
        guard JSONObjectFile.unchanged(path, since: old) else { return (false, nil) }
        guard let old else {
            if vc_rename_noreplace(temporary, path) == 0 { return (true, nil) }
            if errno == EEXIST { return (false, nil) }
            guard errno == EINVAL || errno == ENOSYS else { throw PersistenceError.fromErrno("rename", path) }
            return (try AtomicFile.renameCommit(temporary, path), nil)
        }
        if vc_rename_exchange(temporary, path) != 0 {
            if errno == ENOENT { return (false, nil) } // removed meanwhile: read again
            guard errno == EINVAL || errno == ENOSYS else { throw PersistenceError.fromErrno("rename", path) }
            let aside = keepAside ? try AsideFile.keepCopy(of: path, bytes: old.bytes) : nil
            return (try AtomicFile.renameCommit(temporary, path), aside)
        }
        // `temporary` now names what `path` held at the instant of the exchange.
        let displaced = try? RegularFile.read(temporary, limit: JSONObjectFile.maximumSize, followLinks: false)
        guard displaced == old else {
            if vc_rename_exchange(temporary, path) != 0 {
                // Cannot give it its name back: keep it under an aside name rather than lose it.
                let kept = try AsideFile.keepCopy(of: path, bytes: displaced?.bytes ?? [], source: temporary)
                throw PersistenceError.io(operation: "rename (kept at " + kept + ")", path: path, errno: errno)
            }
            return (false, nil)
        }
        let aside = keepAside ? try AsideFile.keepCopy(of: path, bytes: old.bytes, source: temporary) : nil
        unlink(temporary)
        return (true, aside)
    }
}
