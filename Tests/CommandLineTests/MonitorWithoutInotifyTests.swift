import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// The monitor follows drills.json (and mutes.json, settings.json) even when the system
/// refuses inotify: `fs.inotify.max_user_instances` (128 on Debian) is shared by every process
/// of the user, and a busy machine runs out. Before, the watcher's start failed silently and a
/// drill started by `drill start` was never seen by the monitor (the status page never marked
/// it). The refusal is the system's own answer, made certain for the monitor alone by a small
/// preloaded library, so the test does not take the instances other tests need.
@Suite("monitor: files followed when the system refuses inotify")
struct MonitorWithoutInotifyTests {
    @Test("inotify refused: a drill started by another process reaches the status page, and the log says the files are looked at every second")
    func drillSeenWithoutInotify() async throws {
        let probe = try TemporaryHome(prefix: "no-inotify")
        let refusal = try InotifyRefusal.build(in: probe.path)
        let folder = probe.path + "/page"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let rig = try await MonitorRig(webhook: false, settings: ["status_page_dir": folder])
        try await rig.startMonitor(environment: ["LD_PRELOAD": refusal])
        let index = folder + "/index.html"
        func page() -> String { (try? String(contentsOfFile: index, encoding: .utf8)) ?? "" }
        #expect(await eventually(seconds: 60) { page().contains("data-advice=\"usual\"") }, "\(page())")

        let started = try await rig.run(["drill", "start", "--server", "pn51", "--scenario", "down", "--for", "10m"])
        #expect(started.exitCode == 0, "\(started)")
        let mark = "<p class=\"drillword\">" + Localizer(language: .en).text("drill.mark") + "</p>"
        #expect(await eventually(seconds: 30) { page().contains(mark) }, "the drill is seen without inotify\n\(page())")

        let log = Self.logText(under: rig.home.path)
        #expect(log.contains("drills.json is looked at every second"), "\(log)")
        #expect(log.contains("mutes.json is looked at every second"), "\(log)")
    }

    /// Every log file under the home, joined.
    static func logText(under home: String) -> String {
        let files = FileManager.default.enumerator(atPath: home)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".log") }
            .compactMap { try? String(contentsOfFile: home + "/" + $0, encoding: .utf8) }
            .joined(separator: "\n")
    }
}

/// A preloadable library whose inotify_init and inotify_init1 answer as the kernel does when
/// the user's instances are used up (EMFILE).
enum InotifyRefusal {
    static let source = """
        #include <errno.h>
        int inotify_init(void) { errno = EMFILE; return -1; }
        int inotify_init1(int flags) { (void)flags; errno = EMFILE; return -1; }
        """

    static func build(in folder: String) throws -> String {
        try PreloadedLibrary.build(source, named: "refuse-inotify", in: folder)
    }
}
