import AppCore
import TerminalRendering

/// The idle app's frame once a second: when only the clock moved and the only text it changed
/// is "checked N s ago", the last frame with that one value redrawn is the frame a full render
/// would give (the tests compare them), at a fraction of the cost.
public enum ClockTick {
    /// Redraws the value in `frame` (the frame of `previousModel`) for `model` and returns the
    /// changes for the terminal, or nil, leaving `frame` as it was, when something else may
    /// differ: draw the whole frame then. In place, so the cells are not copied every second.
    public static func apply(_ model: ScreenModel, to frame: inout RenderedFrame,
                             of previousModel: ScreenModel) -> [BufferChange]? {
        guard let slot = frame.clockSlot else { return nil }
        var unmoved = model
        unmoved.now = previousModel.now
        guard unmoved == previousModel, othersUnchanged(model.settings, previousModel.now, model.now) else { return nil }
        let value = ServerPanelView.checkedText(UIText(settings: model.settings), model.settings, now: model.now)
        let before = Array(frame.buffer.row(slot.y).dropFirst(slot.x).prefix(slot.width))
        // The box clears its inside to blanks before a full render draws the row.
        frame.buffer.fill(slot)
        Label(Line(value)).render(in: slot, buffer: &frame.buffer)
        let after = Array(frame.buffer.row(slot.y).dropFirst(slot.x).prefix(slot.width))
        // The slot starts after the padded label and ends at the border: no wide character
        // crosses its edges, so it goes out as one run.
        return after == before ? [] : [.run(x: slot.x, y: slot.y, cells: after)]
    }

    /// Whether every other text that counts time shows the same at both moments.
    private static func othersUnchanged(_ settings: SettingsState, _ before: Double, _ now: Double) -> Bool {
        StatusIndicator.waitingSeconds(settings, now: before) == StatusIndicator.waitingSeconds(settings, now: now)
            && settings.serverHistory.allSatisfy {
                HistoryView.showsTimeOnly($0, now: before) == HistoryView.showsTimeOnly($0, now: now)
            }
    }
}
