import AppCore
import Localization
import TerminalRendering

/// The drawing path's layout (docs/ARCHITECTURE.md: Drawing): where each view goes, and which
/// parts of the frame are regions of the memo (`FrameMemo`), each with what it is keyed by
/// (`RegionKey`). The views draw from the model into the area they are given, as ratatui's
/// widgets do, and know nothing of regions, of the memo, of which time values a region is keyed
/// by, or of the footer's cache: a view drawn twice from the same model gives the same cells.
enum ScreenLayout {
    /// The screen under any overlay: the fleet, the pane or the main screen.
    static func screen(_ canvas: inout Canvas, in area: Rect) {
        if let fleet = canvas.model.screen.fleet {
            self.fleet(&canvas, fleet, in: area)
        } else if canvas.model.screen.isSettingsPaneOpen {
            pane(&canvas, in: area)
        } else {
            main(&canvas, in: area)
        }
    }

    // MARK: - The frame

    /// The frame of every screen (`ChromeView`; `PlainChrome` in `--plain`), keyed by its texts;
    /// returns the area inside it. `status`: what the right of the title says instead of the
    /// status indicator (the fleet's summary).
    static func chrome(_ canvas: inout Canvas, in area: Rect, title: String, status: Line? = nil) -> Rect {
        let titleLine = ChromeView.titleLine(canvas, title: title)
        let status = status ?? StatusIndicator.line(canvas)
        if canvas.plain {
            let text = titleLine.text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            let hints = footer(canvas, width: PlainChrome.hintWidth(canvas, in: area))
            let model = PlainChrome.model(canvas, in: area, title: text, status: status, hints: hints.line)
            return canvas.region("plainChrome", model, in: area) { PlainChrome.draw(&$0, model) }
        }
        let hints = footer(canvas, width: ChromeView.hintWidth(canvas, frameWidth: area.width))
        let model = ChromeView.Model(title: titleLine, status: status, hints: hints.line, shown: hints.shown)
        return canvas.region("chrome", model, in: area) { ChromeView.draw(&$0, model, in: area) }
    }

    /// The footer of the active key contexts fitted to `width`. It depends on these alone (the
    /// key table and the catalogs are constant), and fitting it measures every hint several
    /// times: the drawing path keeps it per combination, every frame asks again.
    static func footer(_ canvas: Canvas, width: Int) -> ChromeView.FittedHints {
        let active = KeyContext.active(screen: canvas.ui, settings: canvas.settings)
        let input = FooterInput(active: active, language: canvas.settings.currentLanguage, width: width,
                                metrics: canvas.metrics)
        return footers.value(for: input) { ChromeView.fittedHints(canvas, active: active, width: width) }
    }

    private struct FooterInput: Hashable, Sendable {
        var active: Set<KeyContext>
        var language: AppLanguage
        var width: Int
        var metrics: DisplayWidth
    }

    private static let footers = BoundedMemo<FooterInput, ChromeView.FittedHints>(capacity: 128)

    // MARK: - Screens

    /// The main screen (docs/PRODUCT.md: Main screen; Layout): the server panel (or the switch
    /// in progress) on the left, the languages, "open settings" and the notes on the right,
    /// notices across the bottom; from 100×30 on, the timeline under the panel and the history
    /// under the right column. Each box is a region; the value of "checked N s ago" is one of
    /// its own, in the slot the panel leaves, so a second that changes it draws that value alone.
    static func main(_ canvas: inout Canvas, in area: Rect) {
        let title = canvas.text("app.name") + " · " + canvas.text("app.title")
        let inner = chrome(&canvas, in: area, title: title)
        let content = inner.inset(left: 1, right: 1)
        guard !content.isEmpty else { return }
        if canvas.plain {
            // One column in reading order, every line with its label (SPEC §10.4).
            canvas.region("plainMain", canvas.model, in: inner) { PlainMainView.draw(&$0, in: inner) }
            return
        }

        let noticeLines = NoticesView.lines(canvas, width: content.width)
        let maxNoticeRows = content.height >= 20 ? 6 : 3
        let noticeRows = min(noticeLines.count, maxNoticeRows)
        let gap = noticeRows > 0 && content.height >= 20 ? 1 : 0
        let top = Rect(x: content.x, y: content.y, width: content.width, height: content.height - noticeRows - gap)
        let noticeArea = Rect(x: content.x, y: top.maxY + gap, width: content.width, height: noticeRows)
        let notices = NoticesView.model(canvas, lines: noticeLines)
        canvas.region("notices", notices, in: noticeArea) { NoticesView.draw(&$0, notices, in: noticeArea) }
        canvas.clickable(noticeArea, .area(.notices))

        let roomy = area.width >= MainScreenView.roomyWidth && area.height >= MainScreenView.roomyHeight
        let rightWidth = min(max(content.width * 2 / 5, 23), 40)
        let columns = top.split(.horizontal, [.fill, .length(rightWidth)], spacing: 1)
        let left = columns[0], right = columns[1]
        if canvas.settings.serverSwitchState.isInProgress {
            canvas.region("switchProgress", RegionKey.model(canvas, showing: []), in: left) {
                SwitchProgressView.render(&$0, in: left)
            }
        } else {
            let drawn = canvas.region("serverPanel", RegionKey.model(canvas, showing: [.waiting, .mutes]), in: left) {
                ServerPanelView.render(&$0, in: left)
            }
            if let slot = drawn.checkedSlot {
                let value = ExactText(canvas.text.checkedAgo(canvas.model.time.checked))
                canvas.region("checked", value, in: slot) { $0.draw(Line(value.text), in: slot) }
            }
            if roomy {
                let below = left.inset(top: drawn.rows)
                canvas.region("timeline", RegionKey.model(canvas, showing: []), in: below) {
                    TimelineView.render(&$0, in: below)
                }
            }
        }
        let rightUsed = canvas.region("rightColumn", RegionKey.model(canvas, showing: []), in: right) {
            MainScreenView.drawRightColumnAndNotes(&$0, in: right)
        }
        if roomy {
            let below = right.inset(top: rightUsed)
            canvas.region("history", RegionKey.model(canvas, showing: [.historyDates]), in: below) {
                HistoryView.render(&$0, in: below)
            }
        }
    }

    /// Settings › VerbumCare: one region inside the frame (its parts share one layout).
    static func pane(_ canvas: inout Canvas, in area: Rect) {
        let inner = chrome(&canvas, in: area, title: canvas.text("ui.pane.title"))
        // `--plain`: lines start at the left edge, where a screen reader's line begins.
        let content = canvas.plain ? inner : inner.inset(left: 1, right: 1)
        guard content.height >= 1, content.width >= 1 else { return }
        canvas.region("pane", RegionKey.model(canvas, showing: [.mutes, .paneAges]), in: content) {
            PaneView.draw(&$0, in: content)
        }
    }

    /// `fleet`: the frame with the fleet's summary, and the content as one region.
    static func fleet(_ canvas: inout Canvas, _ fleet: FleetState, in area: Rect) {
        let frame = FleetView.chrome(canvas, fleet: fleet)
        let inner = chrome(&canvas, in: area, title: frame.title, status: frame.status)
        let content = inner.inset(left: 1, right: 1)
        guard content.height >= 3, content.width >= 10 else { return }
        let model = FleetView.Model(fleet: fleet, language: canvas.settings.currentLanguage, plain: canvas.plain)
        canvas.region("fleetContent", model, in: content) { FleetView.draw(&$0, model, in: content) }
    }

    /// An overlay over the screen, with the screen below dimmed, as one region.
    static func overlay(_ canvas: inout Canvas, _ overlay: ActiveOverlay, in inside: Rect) {
        canvas.region("overlay", RegionKey.model(canvas, showing: [.mutes, .overlayNow]), in: inside) { canvas in
            canvas.buffer.updateStyle(in: inside) { style in
                style.attributes.subtract([.reverse, .bold])
                style.attributes.insert(.dim)
            }
            switch overlay {
            case .help: HelpOverlayView.render(&canvas, in: inside)
            case .history: HistoryOverlayView.render(&canvas, in: inside)
            case .login(let serverId): LoginDialogView.render(&canvas, serverId: serverId, in: inside)
            case .confirm(let dialog): ConfirmDialogView.render(&canvas, dialog: dialog, in: inside)
            case .none: break
            }
        }
    }
}
