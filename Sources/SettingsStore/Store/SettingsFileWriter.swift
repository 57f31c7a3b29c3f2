/// The `writeSettings` effect: a locked read-modify-write of settings.json that applies the
/// change to what the file holds at that moment, so a hand edit or another copy of the app
/// that wrote in between is kept. Its result is the event that reports back.
struct SettingsFileWriter: Sendable {
    let file: NativeSettingsFile
    let resolver: NativeSettingsResolver

    init(file: NativeSettingsFile) {
        self.file = file
        resolver = NativeSettingsResolver(environment: file.environment)
    }

    func write(_ change: SettingsChange, at now: Double) -> AppEvent {
        do {
            let result = try file.updateReporting { change.apply(to: &$0, resolver: resolver) }
            var problems = result.problems
            if let kept = result.keptAsideAt {
                problems.append(FileProblem(key: "files.kept_copy",
                                            parameters: ["file": SettingsState.settingsFileName, "path": kept]))
            }
            return .settingsWritten(change: change, settings: result.settings, problems: problems, at: now)
        } catch let PersistenceError.invalidValue(field, value) {
            return .settingsWriteFailed(change: change, error: .valueRefused(setting: field, value: value), at: now)
        } catch {
            return .settingsWriteFailed(change: change,
                                        error: .writeFailed(file: SettingsState.settingsFileName,
                                                            reason: String(describing: error)),
                                        at: now)
        }
    }
}
