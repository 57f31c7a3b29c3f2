import Foundation
import Glibc
import Synchronization
import TestSupport

/// A person editing settings.json while the app writes it, in both editor styles. Each save
/// adds one marker key (`hand_edit_N`) to what the file held, so a lost save shows as a
/// missing marker, and keeps everything else the file held.
///
/// Like vim, the editor notices a file changed on disk while it was "typing" and starts over
/// from the new content instead of overwriting it; its own read-to-save window is a few
/// microseconds, so what the counts measure is the app's handling of the person's saves.
/// An in-place save is never redone: like nano it trusts the descriptor it opened, so a save
/// that went to a file the app had meanwhile replaced is lost (and counted as such).
final class HandEditor: @unchecked Sendable {
    // @unchecked: `saved`, `styles` and `orphanedInPlaceSaves` are written by the editing thread only, read after `stop()` joined it.
    enum Style: String, CaseIterable { case rename = "renamed", inPlace = "in place" }

    let path: String
    private let stopFlag = Mutex(false)
    private var thread: Thread?
    private(set) var saved: [String] = []
    /// How each saved marker was saved.
    private(set) var styles: [String: Style] = [:]
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    func start(pauseMicroseconds: useconds_t = 20_000) {
        let thread = Thread { [self] in
            var n = 0
            while !stopFlag.withLock({ $0 }) {
                let style: Style = n % 2 == 0 ? .rename : .inPlace
                let marker = "hand_edit_\(n)"
                if save(marker: marker, style: style) {
                    saved.append(marker)
                    styles[marker] = style
                }
                n += 1
                usleep(pauseMicroseconds)  // the editor's pace between saves, the load itself
            }
            finished.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Stops and joins the editing thread; a second call does nothing.
    func stop() {
        let wasRunning = stopFlag.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if wasRunning, thread != nil { finished.wait() }
    }

    /// In-place saves whose file the app replaced between the editor's open and the end of
    /// its write: the bytes went to a file no longer named settings.json.
    private(set) var orphanedInPlaceSaves: [String] = []

    /// Where a marker missing from settings.json is, for the report: the other files of its
    /// folder that hold it (an aside copy, a temporary file left behind), or "nowhere" (the
    /// file it was written into was deleted).
    func whereIs(marker: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        let holding = names.filter { name in
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return false }
            return String(decoding: data, as: UTF8.self).contains("\"" + marker + "\"")
        }
        return holding.isEmpty ? "nowhere" : holding.joined(separator: ", ")
    }

    /// One save (`CarefulEditor`, the in-place style writing in two halves); false when it
    /// was not made. An in-place save whose file no longer had the name is counted.
    func save(marker: String, style: Style) -> Bool {
        let outcome = CarefulEditor.save(marker: marker, inPlace: style == .inPlace, path: path, splitWrite: true)
        if let orphan = outcome.orphan { orphanedInPlaceSaves.append(marker + " (\(orphan.rawValue))") }
        return outcome.saved
    }
}
