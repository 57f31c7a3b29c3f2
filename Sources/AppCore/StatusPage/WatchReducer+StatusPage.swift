extension WatchReducer {
    /// The staff status page after a round (SPEC §16): written by the recorder when
    /// `status_page_dir` is set, and by a monitor given `--status-page DIR` (which names the
    /// folder over the setting) whether or not it records.
    static func statusPage(_ watch: WatchState, settings: SettingsState, at: Double) -> [AppEffect] {
        let directory: String?
        if let given = watch.statusPageOverride, watch.role == .monitor {
            directory = given
        } else {
            directory = watch.isRecording ? settings.watchSettings.statusPageDir : nil
        }
        guard let directory else { return [] }
        let profile = settings.watchSettings.facilityProfile
        let drill = watch.drills.active(at: at).map {
            StatusPageModel.Drill(serverId: $0.serverId, scenario: $0.scenario.rawValue, since: $0.start)
        }
        let model = StatusPageModel.make(watch: watch, settings: settings, at: at, triggerMinutes: profile.bcpTrigger.minutes,
                                         facilityName: profile.name, drill: drill)
        return [.writeStatusPage(model, directory: directory, language: settings.currentLanguage)]
    }
}
