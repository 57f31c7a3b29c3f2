/// How long ago the current server was checked, as "checked N s ago" says it: whole seconds,
/// whole minutes from two minutes on, or not yet. The one home of that rounding: the text
/// (`UIText.checkedAgo`), the screen's model (`ScreenTime`) and the moment the app wakes to
/// redraw it (`secondsUntilChange`) all come from here.
public enum CheckedAge: Hashable, Sendable {
    case never
    case seconds(Int)
    case minutes(Int)

    /// Whole seconds up to here; whole minutes from here on.
    static let minutesFrom = 120

    public init(lastChecked: Double?, now: Double) {
        guard let lastChecked, lastChecked.isFinite, now.isFinite else {
            self = .never
            return
        }
        let seconds = Int(max(0, min(now - lastChecked, 1e9)))
        self = seconds >= Self.minutesFrom ? .minutes(seconds / 60) : .seconds(seconds)
    }

    /// Seconds from `now` until the age reads otherwise, or nil when it never will (not checked).
    public static func secondsUntilChange(lastChecked: Double?, now: Double) -> Double? {
        guard let lastChecked, lastChecked.isFinite, now.isFinite else { return nil }
        let elapsed = max(0, min(now - lastChecked, 1e9))
        let step = elapsed >= Double(minutesFrom) ? 60.0 : 1.0
        return (elapsed / step).rounded(.down) * step + step - elapsed
    }
}
