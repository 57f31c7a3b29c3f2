import CPlatform
import Foundation
import Glibc
import Synchronization

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

    /// One save; false when the file could not be read as JSON (nothing saved then).
    func save(marker: String, style: Style) -> Bool {
        for _ in 0..<200 {
            guard let before = FileManager.default.contents(atPath: path),
                  var object = (try? JSONSerialization.jsonObject(with: before)) as? [String: Any] else {
                usleep(2_000)  // another writer is mid-save: looked at again until it reads as JSON
                continue
            }
            object[marker] = true
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return false }
            switch style {
            case .rename:
                let temporary = path + ".editor~"
                guard FileManager.default.createFile(atPath: temporary, contents: data) else { return false }
                // "File changed since reading it": start over. The names are exchanged and the
                // displaced file checked, so this editor never drops a change the app made.
                guard FileManager.default.contents(atPath: path) == before else { continue }
                guard vc_rename_exchange(temporary, path) == 0 else { continue }
                if FileManager.default.contents(atPath: temporary) != before {
                    _ = vc_rename_exchange(temporary, path)
                    continue
                }
                unlink(temporary)
            case .inPlace:
                // Close-on-exec: a command started meanwhile must not inherit the editor's descriptor.
                let fd = open(path, O_RDWR | O_CLOEXEC)
                guard fd >= 0 else { continue }
                defer { close(fd) }
                var current = [UInt8](repeating: 0, count: before.count + 1)
                let n = pread(fd, &current, current.count, 0)
                guard n == before.count, Data(current[0..<n]) == before else { continue }
                guard ftruncate(fd, 0) == 0 else { return false }
                // Two writes, as editors with a buffered writer do: the file is briefly partial.
                let bytes = [UInt8](data)
                let half = bytes.count / 2
                _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, half, 0) }
                _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + half, bytes.count - half, off_t(half)) }
                // Checked while the descriptor is still open, as the app must not replace a
                // file someone holds open for writing. A real editor would not notice: the
                // save is not redone, it is counted (and its marker will be missing).
                var mine = stat()
                var named = stat()
                if fstat(fd, &mine) == 0, stat(path, &named) != 0 || named.st_ino != mine.st_ino {
                    orphanedInPlaceSaves.append(marker + (mine.st_nlink == 0 ? " (unlinked)" : " (still linked)"))
                }
            }
            return true
        }
        return false
    }
}
