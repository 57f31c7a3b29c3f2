import Foundation
import Testing
import TestSupport

/// DemoBackend/README.md's table of fault modes stays true: it lists every mode the backend
/// knows (`MODES` in demo_backend.py), and no other; the test helpers' `DemoBackendMode` names
/// the same modes. A mode added to the script without a row here fails this test.
@Suite("Demo backend: the README's mode table")
struct DemoBackendReadmeTests {
    @Test func theModeTableListsEveryModeTheBackendKnows() async throws {
        let known = try await Self.scriptModes()
        #expect(!known.isEmpty)
        let readme = try String(contentsOfFile: Self.readmePath, encoding: .utf8)
        let listed = Self.tableModes(readme)
        #expect(Set(known).subtracting(listed).sorted() == [], "modes the README's table lacks")
        #expect(listed.subtracting(known).sorted() == [], "modes the README lists that the backend does not know")
        #expect(Set(DemoBackendMode.allCases.map(\.rawValue)) == Set(known), "DemoBackendMode and MODES differ")
    }

    @Test func theTableReaderFindsEveryModeOfARow() {
        let table = """
        | mode | what a client sees (curl) |
        |---|---|
        | `up` | normal |
        | `status500` / `status502` | an error page |
        | request | `ctl` |
        """
        #expect(Self.tableModes(table) == ["up", "status500", "status502"])
    }

    /// The names in the first column of the table headed `| mode |`.
    static func tableModes(_ markdown: String) -> Set<String> {
        var modes: Set<String> = []
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 3 else {
                inTable = false
                continue
            }
            if cells[1] == "mode" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            guard !names.isEmpty else { inTable = false; continue }
            modes.formUnion(names)
        }
        return modes
    }

    /// `MODES` of demo_backend.py, as the script itself has them.
    static func scriptModes() async throws -> [String] {
        let folder = URL(fileURLWithPath: DemoBackendProcess.scriptPath).deletingLastPathComponent().path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("demo-modes-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let program = "import sys, json; sys.path.insert(0, sys.argv[1]); import demo_backend; print(json.dumps(list(demo_backend.MODES)))"
        let status = await ShellCommand.run(detached: "python3 -c '\(program)' '\(folder)' > '\(output)'")
        #expect(status == 0)
        return try JSONDecoder().decode([String].self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    }

    static var readmePath: String {
        URL(fileURLWithPath: DemoBackendProcess.scriptPath).deletingLastPathComponent().appendingPathComponent("README.md").path
    }
}
