import Foundation
import Glibc
import Localization
import Testing
import TestSupport

/// The status page's folder is named in a setting or on the command line, and the monitor may
/// run as root (we do here): it writes only into a folder that is ours and replaces only pages
/// it wrote. Every decoy lives in the test's temporary home; each refusal is a clear message in
/// the run's language, exit 1, and nothing written or changed.
@Suite("Status page: only our folder, only our pages", .serialized)
struct StatusPageFolderTests {
    static let decoyText = "root:x:0:0:root:/root:/bin/bash\n"

    func once(_ session: CLI.Session, folder: String, lang: String = "en") async throws -> ProcessResult {
        // Every server routed to a closed port: the round is quick and nothing leaves loopback.
        try await session.run("monitor", "--once", "--status-page", folder, "--connect-to", "::127.0.0.1:9", "--lang", lang)
    }

    func folder(_ session: CLI.Session, _ name: String = "page", mode: mode_t = 0o755) throws -> String {
        let path = session.home.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode)
        return path
    }

    @Test("a folder of ours gets index.html and the three languages' pages, 0644, and its own pages are replaced")
    func ownFolder() async throws {
        let session = try CLI.Session()
        let page = try folder(session)
        let first = try await once(session, folder: page, lang: "ja")
        #expect(first.exitCode == 2, "\(first)")
        for name in ["index.html", "ja.html", "en.html", "zh-Hant.html"] {
            var st = stat()
            #expect(lstat(page + "/" + name, &st) == 0 && st.st_mode & 0o777 == 0o644 && (st.st_mode & S_IFMT) == S_IFREG, "\(name)")
        }
        let index = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        #expect(index.contains("<html lang=\"ja\">") && index.contains(CLI.text(.ja, "page.title")), "index.html is in the run's language")
        #expect(try String(contentsOfFile: page + "/en.html", encoding: .utf8).contains(CLI.text(.en, "page.title")))
        #expect(try String(contentsOfFile: page + "/zh-Hant.html", encoding: .utf8).contains(CLI.text(.zhHant, "page.title")))
        let second = try await once(session, folder: page)
        #expect(!second.standardError.contains("status page"), "\(second)")
        #expect(try String(contentsOfFile: page + "/index.html", encoding: .utf8).contains("<html lang=\"en\">"), "replaced")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: page).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    @Test("a page that is a link to a decoy, or a file with other content: refused, decoys unchanged, nothing written")
    func pagesNotOurs() async throws {
        let session = try CLI.Session()
        let page = try folder(session)
        let decoy = session.home.path + "/passwd-decoy"
        try TestFile.write(Data(Self.decoyText.utf8), to: decoy)
        try FileManager.default.createSymbolicLink(atPath: page + "/en.html", withDestinationPath: decoy)
        let linked = try await once(session, folder: page)
        #expect(linked.standardError.contains(CLI.text(.en, "status_page.file_not_ours", ["path": page + "/en.html"])), "\(linked)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: page + "/en.html") == decoy)
        #expect(try String(contentsOfFile: decoy, encoding: .utf8) == Self.decoyText)
        #expect(!FileManager.default.fileExists(atPath: page + "/index.html"), "nothing written when one page is not ours")

        try FileManager.default.removeItem(atPath: page + "/en.html")
        try TestFile.write(Data(Self.decoyText.utf8), to: page + "/index.html")
        let other = try await once(session, folder: page, lang: "ja")
        #expect(other.standardError.contains(CLI.text(.ja, "status_page.file_not_ours", ["path": page + "/index.html"])), "\(other)")
        #expect(try String(contentsOfFile: page + "/index.html", encoding: .utf8) == Self.decoyText)
    }

    @Test("a folder that is a link, another user's, open to others, missing or relative: refused before the monitor runs")
    func foldersNotOurs() async throws {
        let session = try CLI.Session()
        let real = try folder(session, "real")
        let link = session.home.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let others = try folder(session, "others")
        chown(others, 4242, 4242)
        let open = try folder(session, "open", mode: 0o777)
        let cases: [(String, String, [String: String])] = [
            (link, "status_page.not_directory", ["path": link]),
            (others, "status_page.not_ours", ["path": others, "uid": "4242"]),
            (open, "status_page.open_to_others", ["path": open]),
            (session.home.path + "/missing", "status_page.missing", ["path": session.home.path + "/missing"]),
        ]
        for (path, key, parameters) in cases {
            for lang in ["en", "zh-Hant"] {
                let result = try await once(session, folder: path, lang: lang)
                let language = lang == "en" ? AppLanguage.en : .zhHant
                #expect(result.exitCode == 1 && result.standardError.contains(CLI.text(language, key, parameters)),
                        "\(path) \(lang): \(result)")
            }
        }
        for path in [real, others, open] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty, "\(path): nothing written")
        }
    }

    @Test("settings set status_page_dir: a folder of ours is saved; a relative path, a link, another user's folder are refused")
    func setting() async throws {
        let session = try CLI.Session()
        let page = try folder(session)
        let saved = try await session.run("settings", "set", "status_page_dir", page)
        #expect(saved.exitCode == 0, "\(saved)")
        #expect(session.settingsObject()?["status_page_dir"] as? String == page)
        let shown = try await session.run("settings", "show", "--json")
        #expect(shown.standardOutput.contains("\"status_page_dir\""), "\(shown)")

        let link = session.home.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: page)
        for (value, key) in [("relative/page", "status_page.not_absolute"), (link, "status_page.not_directory")] {
            let refused = try await session.run("settings", "set", "status_page_dir", value, "--lang", "ja")
            #expect(refused.exitCode == 1 && refused.standardError.contains(CLI.text(.ja, key, ["path": value])), "\(refused)")
            #expect(session.settingsObject()?["status_page_dir"] as? String == page, "the saved value stays")
        }
        let cleared = try await session.run("settings", "set", "status_page_dir", "")
        #expect(cleared.exitCode == 0 && session.settingsObject()?["status_page_dir"] == nil, "\(cleared)")
    }
}
