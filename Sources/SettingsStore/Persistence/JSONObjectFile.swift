import Glibc

/// The file handling shared by settings.json and app-state.json: a JSON object on disk,
/// unreadable content moved aside (never deleted), locked read-modify-write, atomic write.
///
/// People edit these files while the app runs, with editors that rename a new file over the
/// old one (vim) or truncate it and write in place (nano, `cat >`); the app's lock does not
/// bind them. So a rewrite re-checks, under the lock and right before its rename, that the
/// file is still exactly the one it read (`FileIdentity` and bytes); if not, it reads again
/// and applies its change again. An empty or unparseable file may be an editor half-way
/// through a save: it is read again after short waits before anything is decided.
struct JSONObjectFile {
    let path: String
    /// What a rewrite does with a file that stays empty or unparseable.
    let whenUnreadable: WhenUnreadable

    enum WhenUnreadable {
        /// Refuse the change (`PersistenceError.unreadable`): the file belongs to a person.
        case refuse
        /// Keep the old content aside and write: the file is the app's own.
        case keepAside
    }

    init(path: String, whenUnreadable: WhenUnreadable = .refuse) {
        self.path = path
        self.whenUnreadable = whenUnreadable
    }

    /// Files larger than this are not something a person or the app wrote; they are
    /// treated as unreadable.
    static let maximumSize = 1 << 20
    /// An editor saving in place leaves the file empty or partly written for a moment: read
    /// again this many times, this far apart, before deciding it is empty or broken.
    static let settleAttempts = 12
    static let settleMicroseconds: useconds_t = 25_000
    /// An empty or unparseable file modified longer ago than this is not being saved.
    static let settledSeconds = 2.0
    /// Rewrites that found the file changed under them try again at most this often.
    static let maximumWriteAttempts = 8

    var fileName: String { PathText.split(path).1 }

    struct Loaded {
        /// nil when the file is missing, unreadable or was moved aside.
        var object: JSONObject?
        /// File-level problems (moved aside, unreadable, duplicate keys); field problems are the caller's.
        var problems: [FileProblem]
        var movedAsideTo: String?
        var existed: Bool
    }

    /// A parsed file: its object and the keys that appeared more than once.
    struct Parsed {
        var object: JSONObject
        var duplicates: [String]
        /// Empty or white space only.
        var blank: Bool
    }

    /// What one read found.
    struct Snapshot {
        var contents: RegularFile.Contents?
        var parsed: Parsed?

        /// Worth reading again: unparseable or empty, and modified a moment ago (an editor
        /// writing in place leaves no such file behind for long).
        var mayBeMidSave: Bool {
            guard let contents, parsed == nil || parsed?.blank == true else { return false }
            return contents.identity.age < JSONObjectFile.settledSeconds
        }
    }

    /// Never throws. An unparseable file is moved aside under the lock, judged by what it
    /// holds then (another copy may have just replaced it with something good).
    func load() -> Loaded {
        do {
            let target = try LinkTarget.resolve(path)
            let first = try settledSnapshot(target)
            guard first.contents != nil else { return Loaded(object: nil, problems: [], movedAsideTo: nil, existed: false) }
            if let parsed = first.parsed { return loaded(parsed) }
            // Through a link, what does not parse is not ours to move (it may be /etc/passwd):
            // it is reported and left exactly as it is; the caller uses defaults.
            if let foreign = foreignTarget(first, target) {
                return Loaded(object: nil, problems: [foreign.problem(file: fileName)], movedAsideTo: nil, existed: true)
            }
            return try FileLock.withExclusiveLock(for: target, createDirectory: false) {
                let again = try snapshot(target)
                guard let contents = again.contents else {
                    return Loaded(object: nil, problems: [], movedAsideTo: nil, existed: false)
                }
                if let parsed = again.parsed { return loaded(parsed) }
                if let foreign = foreignTarget(again, target) {
                    return Loaded(object: nil, problems: [foreign.problem(file: fileName)], movedAsideTo: nil, existed: true)
                }
                let aside = try AsideFile.moveAside(target, bytes: contents.bytes)
                return Loaded(object: nil, problems: [movedAside(aside)], movedAsideTo: aside, existed: true)
            }
        } catch {
            return Loaded(object: nil, problems: [problem(error)], movedAsideTo: nil, existed: true)
        }
    }

    struct Change<R> {
        var object: JSONObject
        /// The old content must be kept aside before it is replaced (it had invalid fields
        /// that the change overwrites, or it was written by a newer version).
        var keepOld: Bool
        var result: R
    }

    struct Rewritten<R> {
        var result: R
        var keptAsideAt: String?
        /// File-level problems: duplicate keys, and where the old content was kept.
        var problems: [FileProblem]
        var wrote: Bool
        /// What the file holds as this rewrite left it (the new file's identity and bytes, or
        /// the old file's when nothing needed writing): a reader told of a change can see that
        /// the change was this one (app-state.json's watcher, after the app's own save).
        var left: RegularFile.Contents?
    }

    /// Locked read-modify-write. `transform` gets the current object (nil when the file is
    /// missing, or unreadable with `.keepAside`) and may run more than once, each time on
    /// fresher content; when it throws, the file is untouched. Content with duplicate keys,
    /// unreadable content (`.keepAside`) and `keepOld` content is kept aside before the atomic
    /// replacement; identical bytes are not rewritten. A symbolic link is followed, and the
    /// lock is taken beside its target. A link's target that is not a JSON object is never
    /// written, locked beside or kept aside (`PersistenceError.foreignLinkTarget`).
    func rewrite<R>(_ transform: (JSONObject?) throws -> Change<R>) throws -> Rewritten<R> {
        let target = try LinkTarget.writable(path)
        // Checked before the lock too: the lock's sidecar would be a new file beside the
        // foreign target (in /etc for a link to /etc/passwd).
        if let foreign = foreignTarget(try settledSnapshot(target), target) { throw foreign }
        return try FileLock.withExclusiveLock(for: target) {
            for _ in 0..<Self.maximumWriteAttempts {
                let snapshot = try settledSnapshot(target)
                let old = snapshot.contents
                if let refusal = refusal(snapshot, target) { throw refusal }
                // The app's own file that is merely empty counts as `{}`.
                let current = old == nil ? nil : snapshot.parsed?.object
                let duplicates = snapshot.parsed?.duplicates ?? []
                let change = try transform(current)
                let bytes = JSON.object(change.object).fileBytes()
                var problems = duplicates.map(duplicateKey)
                if bytes == old?.bytes {
                    return Rewritten(result: change.result, keptAsideAt: nil, problems: problems, wrote: false, left: old)
                }
                let keep = old != nil && (current == nil || change.keepOld || !duplicates.isEmpty)
                var aside: String?
                var left: RegularFile.Contents?
                let wrote = try AtomicFile.write(bytes, to: target) { temporary, path in
                    // Complete and fsynced: the rename or exchange keeps its inode and time.
                    left = FileIdentity.current(temporary).map { RegularFile.Contents(bytes: bytes, identity: $0) }
                    let outcome = try CheckedReplace.commit(temporary, over: path, expecting: old, keepAside: keep)
                    aside = outcome.aside
                    return outcome.replaced
                }
                guard wrote else { continue }
                if let aside { problems.append(current == nil ? movedAside(aside) : keptCopy(aside)) }
                return Rewritten(result: change.result, keptAsideAt: aside, problems: problems, wrote: true, left: left)
            }
            throw PersistenceError.keptChanging(path: target)
        }
    }

    /// Why `rewrite` would refuse the file as it is now, if it would. For callers that do not
    /// see the error `rewrite` throws (it passes through the store) and want to tell the
    /// person precisely.
    func rewriteBlocker() -> PersistenceError? {
        do {
            let target = try LinkTarget.writable(path)
            return refusal(try settledSnapshot(target), target)
        } catch let error as PersistenceError {
            return error
        } catch {
            return nil
        }
    }

    /// A person's file that is unparseable or empty is not written over: an editor that
    /// truncated it may still be writing (`cat >` while the person types), and its bytes
    /// would go to a file no longer named settings.json.
    private func refusal(_ snapshot: Snapshot, _ target: String) -> PersistenceError? {
        if let foreign = foreignTarget(snapshot, target) { return foreign }
        guard whenUnreadable == .refuse, snapshot.contents != nil,
              snapshot.parsed == nil || snapshot.parsed?.blank == true else { return nil }
        return .unreadable(path: target)
    }

    /// A symbolic link whose target exists but is not a JSON object the app could read (a
    /// text file such as /etc/passwd, a JSON array, broken or empty content). Such a target
    /// may be another program's file: whatever the file kind, owner or user (root too), it is
    /// never moved aside, replaced or written, so nothing done through the link can destroy
    /// it. A file of the app's own behind its own name is still moved aside as usual.
    private func foreignTarget(_ snapshot: Snapshot, _ target: String) -> PersistenceError? {
        guard target != path, snapshot.contents != nil,
              snapshot.parsed == nil || snapshot.parsed?.blank == true else { return nil }
        return .foreignLinkTarget(link: path, target: target)
    }

    /// True when `path` still holds exactly what `old` read (or is still missing).
    static func unchanged(_ path: String, since old: RegularFile.Contents?) -> Bool {
        guard let old else { return FileIdentity.current(path) == nil }
        guard let now = try? RegularFile.read(path, limit: maximumSize) else { return false }
        return now == old
    }

    /// A read, repeated while the file looks like an editor is half-way through saving it.
    private func settledSnapshot(_ target: String) throws -> Snapshot {
        var result = try snapshot(target)
        var attempts = 0
        while result.mayBeMidSave, attempts < Self.settleAttempts {
            usleep(Self.settleMicroseconds)  // real time for an editor's save: no test clock makes it finish
            result = try snapshot(target)
            attempts += 1
        }
        return result
    }

    private func snapshot(_ target: String) throws -> Snapshot {
        guard let contents = try RegularFile.read(target, limit: Self.maximumSize) else { return Snapshot() }
        return Snapshot(contents: contents, parsed: Self.parse(contents.bytes))
    }

    /// An empty (or white-space only) file parses as `{}`: it holds nothing to lose.
    static func parse(_ bytes: [UInt8]) -> Parsed? {
        guard bytes.count <= maximumSize else { return nil }
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return Parsed(object: [:], duplicates: [], blank: true)
        }
        guard case .success(let reading) = JSON.read(bytes), let object = reading.value.objectValue else { return nil }
        return Parsed(object: object, duplicates: reading.duplicates, blank: false)
    }

    private func loaded(_ parsed: Parsed) -> Loaded {
        Loaded(object: parsed.object, problems: parsed.duplicates.map(duplicateKey), movedAsideTo: nil, existed: true)
    }

    private func duplicateKey(_ field: String) -> FileProblem {
        FileProblem(key: "files.duplicate_key", parameters: ["file": fileName, "field": FieldReader.displayable(field)])
    }

    private func movedAside(_ aside: String) -> FileProblem {
        FileProblem(key: "files.moved_aside", parameters: ["file": fileName, "path": TextSanitizer.clean(aside)])
    }

    private func keptCopy(_ aside: String) -> FileProblem {
        FileProblem(key: "files.kept_copy", parameters: ["file": fileName, "path": TextSanitizer.clean(aside)])
    }

    private func problem(_ error: any Error) -> FileProblem {
        if let error = error as? PersistenceError, case .io = error {
            return FileProblem(key: "files.read_failed", parameters: ["file": fileName, "reason": ErrorReason.text(error)])
        }
        if let error = error as? PersistenceError { return error.problem(file: fileName) }
        return FileProblem(key: "files.read_failed", parameters: ["file": fileName, "reason": ErrorReason.text(error)])
    }
}
