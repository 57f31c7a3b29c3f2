import Foundation
import SettingsUI
import Testing

/// Golden files: the frame's text, then its style mask (one character per cell: R reverse,
/// B bold, U underline, D dim, a/o/w/e/m colours, `.` plain) and the cursor.
enum GoldenFrame {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["VERBUMCARE_UPDATE_GOLDEN"] == "1"
    }

    static func document(_ frame: RenderedFrame) -> String {
        let buffer = frame.buffer
        let cursor = frame.cursor.map { "cursor: column \($0.x), row \($0.y)" } ?? "cursor: hidden"
        return buffer.textDump() + "\n--- style mask (R reverse, B bold, a accent, o ok, w warning, e error, m muted) ---\n"
            + buffer.styleDump() + "\n--- " + cursor + " ---\n"
    }

    /// Compares with (or, when updating, writes) `Golden/<name>.txt`.
    static func check(_ frame: RenderedFrame, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name + ".txt")
        let actual = document(frame)
        if isUpdating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden \(name).txt; run VERBUMCARE_UPDATE_GOLDEN=1 swift test --filter SettingsUITests",
                         sourceLocation: sourceLocation)
            return
        }
        if let difference = firstDifference(expected: expected, actual: actual) {
            Issue.record("\(name).txt differs\n\(difference)", sourceLocation: sourceLocation)
        }
    }

    /// The first differing row of two documents, readable: both rows and a caret under the first
    /// differing character.
    static func firstDifference(expected: String, actual: String) -> String? {
        let expectedRows = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualRows = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedRows.count, actualRows.count) {
            let want = index < expectedRows.count ? String(expectedRows[index]) : "<no row>"
            let got = index < actualRows.count ? String(actualRows[index]) : "<no row>"
            guard want != got else { continue }
            let column = zip(want, got).prefix { $0 == $1 }.count
            return """
                row \(index + 1), character \(column + 1):
                  expected: \(want)
                  actual:   \(got)
                            \(String(repeating: " ", count: column))^
                """
        }
        return nil
    }
}
