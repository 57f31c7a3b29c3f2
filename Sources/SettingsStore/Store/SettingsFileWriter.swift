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
            // What was wrong with the file before, and where a copy was kept, is told once.
            return .settingsWritten(change: change, settings: result.settings, problems: result.problems, at: now)
        } catch let PersistenceError.invalidValue(field, value) {
            return .settingsWriteFailed(change: change, error: .valueRefused(setting: field, value: value), at: now)
        } catch let error as PersistenceError {
            guard case .io = error else {
                return .settingsWriteFailed(change: change,
                                            error: .fileRefused(error.problem(file: SettingsState.settingsFileName)),
                                            at: now)
            }
            return .settingsWriteFailed(change: change,
                                        error: .writeFailed(file: SettingsState.settingsFileName,
                                                            reason: ErrorReason.text(error)),
                                        at: now)
        } catch {
            return .settingsWriteFailed(change: change,
                                        error: .writeFailed(file: SettingsState.settingsFileName,
                                                            reason: ErrorReason.text(error)),
                                        at: now)
        }
    }
}
