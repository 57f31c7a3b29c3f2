import Glibc

/// Why reading or writing one of our files failed.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed; `errno` is the C error number.
    case io(operation: String, path: String, errno: Int32)
    /// An `update` body produced a value the file may not hold (out of range, invalid address).
    /// `field` is the JSON key; `value` the offending value as text.
    case invalidValue(field: String, value: String)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return "\(operation) \(path): \(reason)"
        case .invalidValue(let field, let value):
            return "invalid value for \(field): \(value)"
        }
    }

    /// For the user: `files.write_failed` {file, reason} or `files.field_invalid`-like refusal.
    public func problem(file: String) -> FileProblem {
        switch self {
        case .io:
            FileProblem(key: "files.write_failed", parameters: ["file": file, "reason": description])
        case .invalidValue(let field, let value):
            FileProblem(key: "files.value_refused", parameters: ["file": file, "field": field, "value": value])
        }
    }

    static func fromErrno(_ operation: String, _ path: String) -> PersistenceError {
        .io(operation: operation, path: path, errno: errno)
    }
}
