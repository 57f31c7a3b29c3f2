import Foundation
@testable import TerminalBackend
import Testing

/// The last measurement of each TERM: one small file in the state folder, written whole and
/// renamed into place, never through a link (SPEC §10.4).
@Suite("Terminal measurement cache")
struct TerminalMeasurementCacheTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "verbumcare-measurements-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test("kept per TERM, the newest first; another TERM has nothing")
    func perTerm() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = TerminalMeasurementCache(stateDirectory: folder + "/state/app")
        #expect(cache.entry(term: "xterm-256color") == nil)
        cache.remember(.init(ambiguousWide: true, background: .light), term: "xterm-256color")
        cache.remember(.init(ambiguousWide: false, background: nil), term: "screen")
        #expect(cache.entry(term: "xterm-256color") == .init(ambiguousWide: true, background: .light))
        #expect(cache.entry(term: "screen") == .init(ambiguousWide: false, background: nil))
        #expect(cache.entry(term: "tmux-256color") == nil)
        cache.remember(.init(ambiguousWide: false, background: .dark), term: "xterm-256color")
        let text = try String(contentsOfFile: cache.path, encoding: .utf8)
        #expect(text == "xterm-256color ambiguous=narrow background=dark\nscreen ambiguous=narrow\n")
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/state/app") == [TerminalMeasurementCache.fileName])
    }

    @Test("a link in its place is neither read nor written through: the decoy it points to stays as it was")
    func link() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let decoy = folder + "/decoy"
        try "xterm ambiguous=wide\n".write(toFile: decoy, atomically: false, encoding: .utf8)
        let cache = TerminalMeasurementCache(stateDirectory: folder)
        try FileManager.default.createSymbolicLink(atPath: cache.path, withDestinationPath: decoy)
        #expect(cache.entry(term: "xterm") == nil)
        cache.remember(.init(ambiguousWide: false, background: nil), term: "xterm")
        #expect(try String(contentsOfFile: decoy, encoding: .utf8) == "xterm ambiguous=wide\n")
        #expect(cache.entry(term: "xterm") == .init(ambiguousWide: false, background: nil))
    }

    @Test("names that are no terminfo name, odd lines and too many TERMs: ignored, and the list stays short")
    func odd() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = TerminalMeasurementCache(stateDirectory: folder)
        try "../x ambiguous=wide\nxterm ambiguous=wide\nxterm ambiguous=narrow\n\u{1B}[31m junk\n"
            .write(toFile: cache.path, atomically: false, encoding: .utf8)
        #expect(cache.entry(term: "xterm") == .init(ambiguousWide: true, background: nil))
        #expect(cache.entry(term: "../x") == nil)
        cache.remember(.init(ambiguousWide: true, background: nil), term: "a b")
        for index in 0..<40 { cache.remember(.init(ambiguousWide: index % 2 == 0, background: nil), term: "term\(index)") }
        let lines = try String(contentsOfFile: cache.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == TerminalMeasurementCache.limit && lines.first == "term39 ambiguous=narrow")
    }
}
