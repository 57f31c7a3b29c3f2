import AppCore

/// When the texts that count time ("checked 3 s ago", "no answer for 4 s") next change, so the
/// app wakes exactly then to redraw them and sleeps otherwise.
public enum ClockTexts {
    /// Seconds from `now` until one of them shows another value, or nil when none is on screen.
    public static func secondsUntilChange(_ settings: SettingsState, now: Double) -> Double? {
        var soonest: Double?
        func consider(_ delay: Double) {
            soonest = min(soonest ?? delay, delay)
        }
        if let lastChecked = settings.detailedStatus?.lastChecked, lastChecked.isFinite, now.isFinite {
            let elapsed = max(0, now - lastChecked)
            // Whole seconds, and whole minutes from two minutes on (`UIText.checkedAgo`).
            let step = elapsed >= 120 ? 60.0 : 1.0
            consider((elapsed / step).rounded(.down) * step + step - elapsed)
        }
        if let waited = settings.secondsWithoutAnswer(now: now) {
            // The waiting text appears at the threshold, then counts whole seconds.
            consider(waited < StatusIndicator.waitingThreshold
                     ? StatusIndicator.waitingThreshold - waited : waited.rounded(.down) + 1 - waited)
        }
        return soonest
    }
}
