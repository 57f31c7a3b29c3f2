import Foundation
import Testing
import TestSupport

/// SPEC §13 (memory with probing): the app's threads share one malloc arena. glibc gives every
/// thread that allocates an arena of its own (a 64 MiB reservation, its used part resident), and
/// memory freed in one arena is never reused by another; `main` limits them to one
/// (`vc_single_malloc_arena`) before any thread starts. The sizes are measured by
/// Benchmarks/scripts/memory-probe.py; this test checks the shape: after the first probe (the
/// libcurl engine, the file watchers and dispatch's workers have all allocated) the process has
/// no arena besides the main heap.
@Suite(.serialized)
struct MallocArenaTests {
    @Test("after probing, the app has no malloc arena besides the main heap")
    func oneArena() async throws {
        let app = try await AppFixture.start()
        defer { app.close() }
        try await app.waitForConnectedMainScreen("en")
        let pid = try await app.session.appPID()
        let maps = try #require(ProcFile.data("/proc/\(pid)/maps"), "/proc/PID/maps readable")
        let arenas = Self.threadArenas(String(decoding: maps, as: UTF8.self))
        #expect(arenas.isEmpty, "thread malloc arenas: \(arenas)")
    }

    /// glibc's thread arenas: an anonymous mapping that starts on a 64 MiB boundary (HEAP_MAX_SIZE)
    /// and whose reservation (the used part plus the `---p` rest that follows it) ends on the next.
    static func threadArenas(_ maps: String) -> [String] {
        let heapMax: UInt64 = 64 << 20
        let rows = maps.split(separator: "\n").map { line -> (start: UInt64, end: UInt64, perms: Substring, path: Bool, text: String) in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            let start = range.count == 2 ? UInt64(range[0], radix: 16) ?? 0 : 0
            let end = range.count == 2 ? UInt64(range[1], radix: 16) ?? 0 : 0
            return (start, end, fields.count > 1 ? fields[1] : "", fields.count > 5, String(line))
        }
        var found: [String] = []
        for (index, row) in rows.enumerated() where row.perms == "rw-p" && !row.path && row.start % heapMax == 0 {
            var end = row.end
            if index + 1 < rows.count, rows[index + 1].start == row.end, rows[index + 1].perms == "---p", !rows[index + 1].path {
                end = rows[index + 1].end
            }
            if end % heapMax == 0 { found.append(row.text) }
        }
        return found
    }
}
