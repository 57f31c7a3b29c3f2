import Foundation
import Testing
import TestSupport

/// `monitor --textfile PATH` may run as root and PATH is anything a person typed: it replaces
/// only a textfile it wrote. A decoy (another program's file, or a link to one) is left exactly
/// as it is, and the person is told.
@Suite("monitor --textfile: only its own file is replaced", .serialized)
struct MonitorTextfileTests {
    static let decoyText = "root:x:0:0:root:/root:/bin/bash\n"

    func once(_ session: CLI.Session, textfile: String) async throws -> ProcessResult {
        // Every server routed to a closed port: the round is quick and nothing leaves loopback.
        try await session.run("monitor", "--once", "--textfile", textfile, "--connect-to", "::127.0.0.1:9", "--lang", "en")
    }

    @Test("a file with other content is not replaced, and stderr says so")
    func decoyIsKept() async throws {
        let session = try CLI.Session()
        let decoy = session.home.path + "/passwd-decoy"
        try TestFile.write(Data(Self.decoyText.utf8), to: decoy)
        let result = try await once(session, textfile: decoy)
        #expect(result.exitCode == 2, "\(result)")
        #expect(try String(contentsOfFile: decoy, encoding: .utf8) == Self.decoyText, "the decoy was replaced")
        #expect(result.standardError.contains(CLI.text(.en, "cli.monitor.textfile_refused", ["path": decoy])), "\(result)")
    }

    @Test("a link to a decoy stays a link, and the decoy is unchanged")
    func linkIsKept() async throws {
        let session = try CLI.Session()
        let decoy = session.home.path + "/passwd-decoy"
        let link = session.home.path + "/verbumcare.prom"
        try TestFile.write(Data(Self.decoyText.utf8), to: decoy)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: decoy)
        _ = try await once(session, textfile: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == decoy)
        #expect(try String(contentsOfFile: decoy, encoding: .utf8) == Self.decoyText)
    }

    @Test("its own earlier textfile is replaced by the new round's")
    func ownFileIsReplaced() async throws {
        let session = try CLI.Session()
        let path = session.home.path + "/verbumcare.prom"
        _ = try await once(session, textfile: path)
        let first = try String(contentsOfFile: path, encoding: .utf8)
        #expect(first.hasSuffix("# EOF\n") && first.contains("verbumcare_monitor_last_round_timestamp_seconds"))
        let firstFile = try Self.fileNumber(path)
        let second = try await once(session, textfile: path)
        #expect(!second.standardError.contains("textfile"), "\(second)")
        // Written atomically: a new file took the earlier one's place (no wait for the clock's
        // next second to tell the two rounds' figures apart).
        #expect(try Self.fileNumber(path) != firstFile, "the second round wrote a new file in its place")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasSuffix("# EOF\n") && written.contains("verbumcare_monitor_last_round_timestamp_seconds"), "\(written)")
    }

    /// The file's inode number: the earlier file lives until the rename, so the new one's differs.
    static func fileNumber(_ path: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }
}
