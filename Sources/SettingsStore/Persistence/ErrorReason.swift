import AppCore

/// The reason a file operation failed, as a person reads it: the system's words and the path,
/// never a Swift type name, enum case or struct dump (`String(describing:)` of an error that has
/// no description of its own prints exactly that).
public enum ErrorReason {
    /// A reason for the `reason` parameter of `files.write_failed` / `files.read_failed`.
    /// `SettingsActionError` carries a whole message instead: show its `appError`.
    public static func text(_ error: any Error) -> String {
        switch error {
        case let error as PersistenceError:
            return TextSanitizer.clean(error.description)
        case let error as SettingsActionError:
            // English words of the message's parameters: better than nothing where only a
            // reason fits (the log); people see the localized `appError`.
            let reason = error.appError.parameters["reason"] ?? error.appError.parameters["path"]
            return TextSanitizer.clean(reason ?? error.appError.key)
        case let error as any CustomStringConvertible:
            return TextSanitizer.clean(error.description)
        default:
            return "unexpected failure"
        }
    }

    /// The message for a failed write of `file`: the localized problem of a refused change, or
    /// `files.write_failed` with the reason.
    public static func writeFailure(_ error: any Error, file: String) -> AppError {
        switch error {
        case let error as SettingsActionError:
            return error.appError
        case let error as PersistenceError:
            let problem = error.problem(file: file)
            return AppError(key: problem.key, parameters: problem.parameters)
        default:
            return AppError(key: "files.write_failed", parameters: ["file": file, "reason": text(error)])
        }
    }
}
