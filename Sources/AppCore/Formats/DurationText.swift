import Localization

/// "45 s", "12 min", "3 h": how long something lasted, in the catalog's words. One home for
/// the screen's timeline, the history view and the alerts.
public enum DurationText {
    /// A duration as whole seconds, the part of a second left out: one figure for the words, the
    /// history's `durationSeconds` and the alerts' (the history truncated while the alerts
    /// rounded, so an outage of 2.6 s read 2 s in one and 3 s in the other).
    public static func wholeSeconds(_ seconds: Double) -> Int {
        Int(min(max(seconds, 0), 1e9).rounded(.down))
    }

    public static func text(seconds: Double, lookup: (String, [String: String]) -> String) -> String {
        let whole = wholeSeconds(seconds)
        if whole < 120 { return lookup("ui.duration.seconds", ["value": String(whole)]) }
        if whole < 7200 { return lookup("ui.duration.minutes", ["value": String(whole / 60)]) }
        if whole < 172_800 { return lookup("ui.duration.hours", ["value": String(whole / 3600)]) }
        return lookup("ui.duration.days", ["value": String(whole / 86400)])
    }

    public static func text(seconds: Double, language: AppLanguage) -> String {
        let localizer = Localizer(language: language)
        return text(seconds: seconds) { localizer.text($0, $1) }
    }
}
