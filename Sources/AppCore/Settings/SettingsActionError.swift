/// Why a store action was refused or failed. Failures to write a file also become `lastError`;
/// refusals of bad input do not (the caller shows them where the input was given).
public enum SettingsActionError: Error, Equatable, Sendable {
    /// A file could not be written (`files.write_failed`); the file is unchanged. `file` is
    /// the file's name, `reason` the system's reason (with the path).
    case writeFailed(file: String, reason: String)
    /// settings.json may not hold this value (`files.value_refused`); the file is unchanged.
    case valueRefused(setting: String, value: String)
    /// The file could not be changed safely (not a regular file, unreadable mid-save, another
    /// user's, kept changing): the problem says why, in the person's language.
    case fileRefused(FileProblem)
    /// No known server has this id (`ui.unknown_server`).
    case unknownServer(String)
    /// A number outside its allowed range (`ui.value_out_of_range`); `setting` is the settings.json key.
    case valueOutOfRange(setting: String, value: Int, range: ClosedRange<Int>)

    /// The message to show, as a catalog key with parameters.
    public var appError: AppError {
        switch self {
        case let .writeFailed(file, reason):
            AppError(key: "files.write_failed", parameters: ["file": file, "reason": reason])
        case let .valueRefused(setting, value):
            AppError(key: "files.value_refused",
                     parameters: ["file": "settings.json", "field": setting, "value": TextSanitizer.clean(value)])
        case let .fileRefused(problem):
            AppError(key: problem.key, parameters: problem.parameters)
        case let .unknownServer(id):
            AppError(key: "ui.unknown_server", parameters: ["server": TextSanitizer.clean(id)])
        case let .valueOutOfRange(setting, value, range):
            AppError(key: "ui.value_out_of_range",
                     parameters: ["setting": setting, "value": String(value),
                                  "min": String(range.lowerBound), "max": String(range.upperBound)])
        }
    }
}
