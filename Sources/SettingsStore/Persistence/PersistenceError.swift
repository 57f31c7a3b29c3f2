import Glibc

/// Why reading or writing one of our files failed.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed; `errno` is the C error number.
    case io(operation: String, path: String, errno: Int32)
    /// An `update` body produced a value the file may not hold (out of range, invalid address).
    /// `field` is the JSON key; `value` the offending value as text.
    case invalidValue(field: String, value: String)
    /// A FIFO, device, socket or directory stands where one of our files should be. It is
    /// never read or replaced: reading a FIFO would block, and a directory is not ours to remove.
    case notRegularFile(path: String)
    /// The file is empty or does not parse, also after waiting for an editor that may be in
    /// the middle of saving it; a change is refused rather than written over it.
    case unreadable(path: String)
    /// The file (a symbolic link's target) belongs to another user; the app does not replace it.
    case notOwned(path: String)
    /// `link` is a symbolic link to `target`, which exists but is not a JSON object the app
    /// could read (another program's file, such as /etc/passwd). It is left exactly as it is.
    case foreignLinkTarget(link: String, target: String)
    /// A symbolic link leads into a folder the app cannot write.
    case directoryNotWritable(path: String)
    /// Someone kept changing the file while the app tried to save it; the app gave up without
    /// writing rather than overwrite their change.
    case keptChanging(path: String)
    /// Another program kept the file open for writing (a person typing into `cat >`, an
    /// editor still saving) for as long as the app waited; the app wrote nothing rather than
    /// replace the file under it.
    case beingWritten(path: String)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return "\(operation) \(path): \(reason)"
        case .invalidValue(let field, let value):
            return "invalid value for \(field): \(value)"
        case .notRegularFile(let path):
            return "\(PathText.split(path).1) is not a regular file (\(path))"
        case .unreadable(let path):
            return "\(PathText.split(path).1) is empty or not valid JSON (\(path))"
        case .notOwned(let path):
            return "\(path) belongs to another user"
        case .foreignLinkTarget(let link, let target):
            return "\(link) is a link to \(target), which is not a JSON object"
        case .directoryNotWritable(let path):
            return "\(path) is in a folder that cannot be written"
        case .keptChanging(let path):
            return "\(path) kept changing while it was being saved"
        case .beingWritten(let path):
            return "\(path) is open for writing in another program"
        }
    }

    /// For the user, as a catalog key with parameters. `file` is the name the person knows.
    public func problem(file: String) -> FileProblem {
        switch self {
        case .io:
            FileProblem(key: "files.write_failed", parameters: ["file": file, "reason": TextSanitizer.clean(description)])
        case .invalidValue(let field, let value):
            FileProblem(key: "files.value_refused", parameters: ["file": file, "field": field, "value": value])
        case .notRegularFile(let path):
            FileProblem(key: "files.not_regular", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        case .unreadable(let path):
            FileProblem(key: "files.unreadable_not_changed", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        case .notOwned(let path):
            FileProblem(key: "files.not_owned", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        case .foreignLinkTarget(let link, let target):
            FileProblem(key: "files.link_target_foreign",
                        parameters: ["file": file, "link": TextSanitizer.clean(link), "target": TextSanitizer.clean(target)])
        case .directoryNotWritable(let path):
            FileProblem(key: "files.link_folder_not_writable", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        case .keptChanging(let path):
            FileProblem(key: "files.kept_changing", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        case .beingWritten(let path):
            FileProblem(key: "files.being_written", parameters: ["file": file, "path": TextSanitizer.clean(path)])
        }
    }

    static func fromErrno(_ operation: String, _ path: String) -> PersistenceError {
        .io(operation: operation, path: path, errno: errno)
    }
}
