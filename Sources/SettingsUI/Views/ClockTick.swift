import SettingsStore
import TerminalRendering

/// The idle app's frame once a second: when only the clock moved and the only text it changed
/// is "checked N s ago", the last frame with that one value redrawn is the frame a full render
/// would give (the tests compare them), at a fraction of the cost.
public enum ClockTick {
    /// The frame for `model`, made from `previous` (the frame of `previousModel`), or nil when
    /// something other than that value may differ: draw the whole frame then.
    public static func frame(_ model: ScreenModel, after previous: RenderedFrame,
                             of previousModel: ScreenModel) -> RenderedFrame? {
        guard let slot = previous.clockSlot else { return nil }
        var unmoved = model
        unmoved.now = previousModel.now
        guard unmoved == previousModel, othersUnchanged(model.settings, previousModel.now, model.now) else { return nil }
        let value = ServerPanelView.checkedText(UIText(settings: model.settings), model.settings, now: model.now)
        var frame = previous
        // The box clears its inside to blanks before a full render draws the row.
        frame.buffer.fill(slot)
        Label(Line(value)).render(in: slot, buffer: &frame.buffer)
        return frame
    }

    /// Whether every other text that counts time shows the same at both moments.
    private static func othersUnchanged(_ settings: SettingsState, _ before: Double, _ now: Double) -> Bool {
        StatusIndicator.waitingSeconds(settings, now: before) == StatusIndicator.waitingSeconds(settings, now: now)
            && settings.serverHistory.allSatisfy {
                HistoryView.showsTimeOnly($0, now: before) == HistoryView.showsTimeOnly($0, now: now)
            }
    }
}
