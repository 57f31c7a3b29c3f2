/// The file handling shared by settings.json and app-state.json: a JSON object on disk,
/// unreadable content moved aside (never deleted), locked read-modify-write, atomic write.
struct JSONObjectFile {
    let path: String

    /// Files larger than this are not something a person or the app wrote; they are
    /// treated as unreadable.
    static let maximumSize = 1 << 20

    var fileName: String { PathText.split(path).1 }

    struct Loaded {
        /// nil when the file is missing, unreadable or was moved aside.
        var object: [String: StoredJSON]?
        /// Only `files.moved_aside` or `files.read_failed`; field problems are the caller's.
        var problems: [FileProblem]
        var movedAsideTo: String?
        var existed: Bool
    }

    /// Never throws. An unparseable file is moved aside under the lock, judged by what it
    /// holds then (another copy may have just replaced it with something good).
    func load() -> Loaded {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: Self.maximumSize)
        } catch {
            return Loaded(object: nil, problems: [readFailed(error)], movedAsideTo: nil, existed: true)
        }
        guard let bytes else { return Loaded(object: nil, problems: [], movedAsideTo: nil, existed: false) }
        if let object = Self.object(bytes) {
            return Loaded(object: object, problems: [], movedAsideTo: nil, existed: true)
        }
        do {
            return try FileLock.withExclusiveLock(for: path, createDirectory: false) {
                guard let current = try AtomicFile.read(path, limit: Self.maximumSize) else {
                    return Loaded(object: nil, problems: [], movedAsideTo: nil, existed: false)
                }
                if let object = Self.object(current) {
                    return Loaded(object: object, problems: [], movedAsideTo: nil, existed: true)
                }
                let aside = try AsideFile.moveAside(path, bytes: current)
                return Loaded(object: nil, problems: [movedAside(aside)], movedAsideTo: aside, existed: true)
            }
        } catch {
            return Loaded(object: nil, problems: [readFailed(error)], movedAsideTo: nil, existed: true)
        }
    }

    struct Change<R> {
        var object: [String: StoredJSON]
        /// The old content must be kept aside before it is replaced (it had invalid fields).
        var keepOld: Bool
        var result: R
    }

    struct Rewritten<R> {
        var result: R
        var keptAsideAt: String?
        /// `files.moved_aside` when the old content did not parse.
        var problems: [FileProblem]
        var wrote: Bool
    }

    /// Locked read-modify-write. `transform` gets the current object (nil when the file is
    /// missing or does not parse); when it throws, the file is untouched. Unparseable or
    /// `keepOld` content is kept aside before the atomic replacement; identical bytes are
    /// not rewritten.
    func rewrite<R>(_ transform: ([String: StoredJSON]?) throws -> Change<R>) throws -> Rewritten<R> {
        try FileLock.withExclusiveLock(for: path) {
            let old = try AtomicFile.read(path, limit: Self.maximumSize)
            let current = old.flatMap(Self.object)
            let change = try transform(current)
            let bytes = StoredJSON.object(change.object).prettyBytes()
            if bytes == old { return Rewritten(result: change.result, keptAsideAt: nil, problems: [], wrote: false) }
            var aside: String?
            var problems: [FileProblem] = []
            if let old, current == nil || change.keepOld {
                let kept = try AsideFile.keepCopy(of: path, bytes: old)
                aside = kept
                if current == nil { problems.append(movedAside(kept)) }
            }
            try AtomicFile.write(bytes, to: path)
            return Rewritten(result: change.result, keptAsideAt: aside, problems: problems, wrote: true)
        }
    }

    /// An empty (or white-space only) file counts as `{}`: it holds nothing to lose, and an
    /// editor creating the file may be seen between creating and writing it.
    static func object(_ bytes: [UInt8]) -> [String: StoredJSON]? {
        guard bytes.count <= maximumSize else { return nil }
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return [:] }
        return StoredJSON.parse(bytes)?.objectValue
    }

    private func movedAside(_ aside: String) -> FileProblem {
        FileProblem(key: "files.moved_aside", parameters: ["file": fileName, "path": aside])
    }

    private func readFailed(_ error: any Error) -> FileProblem {
        FileProblem(key: "files.read_failed", parameters: ["file": fileName, "reason": "\(error)"])
    }
}
