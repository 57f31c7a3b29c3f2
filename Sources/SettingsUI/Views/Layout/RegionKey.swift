import AppCore

/// What a region of the screen is keyed by in the memo (`FrameMemo`), the drawing path's own
/// business (`ScreenLayout`): the whole screen model with only the time values the region's
/// views show, the others at their defaults. A second that changes one of those texts then
/// changes the keys of the regions that show it alone.
enum RegionKey {
    /// Which of `ScreenTime`'s values a region shows.
    struct Parts: OptionSet {
        let rawValue: UInt8
        static let waiting = Parts(rawValue: 1 << 1)
        static let historyDates = Parts(rawValue: 1 << 2)
        static let mutes = Parts(rawValue: 1 << 3)
        static let overlayNow = Parts(rawValue: 1 << 4)
        static let paneAges = Parts(rawValue: 1 << 5)
    }

    /// The canvas's model with only the time values `parts` kept.
    static func model(_ canvas: Canvas, showing parts: Parts) -> ScreenModel {
        var model = canvas.model
        model.time = keeping(canvas.model.time, parts)
        return model
    }

    /// `time` with the values `parts` names and the others at their defaults ("checked N s ago"
    /// is never kept: it is a region of its own).
    static func keeping(_ time: ScreenTime, _ parts: Parts) -> ScreenTime {
        var kept = ScreenTime()
        // Kept by every region: a drill is rare, and the header and the pane rows show it.
        kept.drill = time.drill
        // Kept by every region too: rare, and any text may quote the clock.
        kept.clockReading = time.clockReading
        if parts.contains(.waiting) { kept.waitingSeconds = time.waitingSeconds }
        if parts.contains(.historyDates) { kept.historyTimeOnly = time.historyTimeOnly }
        if parts.contains(.mutes) { kept.mutes = time.mutes }
        if parts.contains(.overlayNow) { kept.overlayNow = time.overlayNow }
        if parts.contains(.paneAges) { kept.paneAges = time.paneAges }
        return kept
    }
}
