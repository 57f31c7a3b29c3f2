import Foundation
import Subprocess
import Testing
import TestSupport
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// `scripts/package-deb` and `scripts/install`: one release build, then the package is read
/// with dpkg-deb, extracted, and its binary run with a PATH that has no Swift toolchain,
/// against the demo backend the package ships.
@Suite("Debian package and install script", .serialized)
struct DebianPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    /// A PATH without /opt/swift (or wherever the toolchain is): the system's own folders only.
    static let systemPath = "/usr/sbin:/usr/bin:/sbin:/bin"
    /// What the installed binary may link (prefixes of ldd's names).
    static let allowedLibraries = ["linux-vdso.so", "linux-gate.so", "/lib/ld-linux", "/lib64/ld-linux", "ld-linux",
                                   "libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so",
                                   "libncursesw.so", "libtinfo.so", "libstdc++.so", "libgcc_s.so",
                                   // History (SPEC §15.2) uses Debian's SQLite. Remote write's snappy is
                                   // linked from its archive (libsnappy.so brought libstdc++.so along).
                                   "libsqlite3.so"]

    static func run(_ arguments: [String], path: String = ProcessInfo.processInfo.environment["PATH"] ?? systemPath,
                    home: String? = nil, environment extra: [String: String] = [:]) async throws -> ProcessResult {
        var environment: [Environment.Key: String] = ["PATH": path, "LANG": "en_US.UTF-8"]
        for (key, value) in extra { environment[Environment.Key(stringLiteral: key)] = value }
        if let home {
            environment["HOME"] = home
            environment["VERBUMCARE_HOME"] = home
        } else if let own = ProcessInfo.processInfo.environment["HOME"] {
            environment["HOME"] = own
        }
        let outcome = try await Subprocess.run(
            arguments[0].contains("/") ? .path(FilePath(arguments[0])) : .name(arguments[0]), arguments: Arguments(Array(arguments.dropFirst())), environment: .custom(environment),
            workingDirectory: FilePath(repository), input: .none,
            output: .string(limit: 8 << 20), error: .string(limit: 8 << 20))
        return ProcessResult(standardOutput: outcome.standardOutput, standardError: outcome.standardError,
                             termination: outcome.terminationStatus, timedOut: false)
    }

    @Test("the .deb declares its libraries, holds the files under /usr, and its binary runs without Swift")
    func debianPackage() async throws {
        let work = try TemporaryHome(prefix: "package-deb")
        let built = try await Self.run([Self.repository + "/scripts/package-deb", "--output", work.path + "/out"])
        #expect(built.exitCode == 0, "\(built)")
        let arch = try await Self.run(["dpkg", "--print-architecture"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try #require(try String(contentsOfFile: Self.repository + "/Sources/VerbumTUI/VerbumTUIVersion.swift",
                                              encoding: .utf8)
            .firstMatch(of: /static let version = "([^"]+)"/)?.output.1)
        let deb = work.path + "/out/verbumcare-tui_\(version)_\(arch).deb"
        let printed = built.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((printed as NSString).standardizingPath == (deb as NSString).standardizingPath, "\(built)")

        let info = try await Self.run(["dpkg-deb", "-I", deb])
        #expect(info.standardOutput.contains("Package: verbumcare-tui"), "\(info)")
        #expect(info.standardOutput.contains("Architecture: \(arch)"), "\(info)")
        let depends = try #require(info.standardOutput.split(separator: "\n").first { $0.contains("Depends:") })
        for library in ["libncursesw6", "libcurl4", "libc6", "libsqlite3-0"] {
            #expect(depends.contains(library), "\(depends)")
        }
        #expect(!depends.contains("swift"), "\(depends)")

        let contents = try await Self.run(["dpkg-deb", "-c", deb]).standardOutput
        for file in ["./usr/bin/verbumcare-tui", "./usr/share/man/man1/verbumcare-tui.1",
                     "./usr/share/man/ja/man1/verbumcare-tui.1", "./usr/share/man/zh_TW/man1/verbumcare-tui.1",
                     "./usr/share/bash-completion/completions/verbumcare-tui", "./usr/share/zsh/site-functions/_verbumcare-tui",
                     "./usr/share/fish/vendor_completions.d/verbumcare-tui.fish",
                     "./usr/share/verbumcare-tui/demo/demo_backend.py",
                     "./usr/lib/systemd/user/verbumcare-tui-monitor.service",
                     "./usr/share/doc/verbumcare-tui/examples/hooks/line-messaging-api",
                     "./usr/share/doc/verbumcare-tui/examples/monitoring/verbumcare-rules.yml"] {
            #expect(contents.split(separator: "\n").contains { $0.hasSuffix(" " + file) }, "\(file) in\n\(contents)")
        }
        #expect(!contents.contains("./usr/local"), "\(contents)")

        let root = work.path + "/root"
        #expect(try await Self.run(["dpkg-deb", "-x", deb, root]).exitCode == 0)
        // man finds the page of the person's language (SPEC §11), with the locale made here for
        // the test (localedef into the test's folder, LOCPATH) and the package's man folder.
        let locales = work.path + "/locales"
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        for (locale, folder) in [("ja_JP.UTF-8", "ja/"), ("zh_TW.UTF-8", "zh_TW/"), ("en_US.UTF-8", "")] {
            let name = String(locale.prefix { $0 != "." })
            _ = try await Self.run(["localedef", "-c", "-i", name, "-f", "UTF-8", locales + "/" + locale])
            let found = try await Self.run(["man", "-w", "verbumcare-tui"],
                                           environment: ["LANG": locale, "LOCPATH": locales, "MANPATH": root + "/usr/share/man"])
            #expect(found.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                    == root + "/usr/share/man/\(folder)man1/verbumcare-tui.1", "\(locale): \(found)")
            #expect(!found.standardError.contains("locale"), "\(locale): \(found)")
        }
        let binary = root + "/usr/bin/verbumcare-tui"
        let libraries = try await Self.run(["ldd", binary]).standardOutput
        #expect(!libraries.contains("libswift") && !libraries.contains("not found"), "\(libraries)")
        // The C library, the maths library, ncurses and the C++ runtime the Swift runtime needs:
        // no Foundation, no ICU (libcurl comes later, with dlopen).
        let linked = libraries.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(!linked.isEmpty, "\(libraries)")
        for library in linked {
            #expect(Self.allowedLibraries.contains { library.hasPrefix($0) }, "\(library) is linked:\n\(libraries)")
        }
        // The libraries come from the system's folders only: a binary that runs as root never
        // looks for them beside itself (no RPATH or RUNPATH, such as the toolchain's $ORIGIN).
        let dynamic = try await Self.run(["readelf", "-d", binary])
        #expect(dynamic.exitCode == 0 && dynamic.standardOutput.contains("(NEEDED)"), "\(dynamic)")
        #expect(!dynamic.standardOutput.contains("RPATH") && !dynamic.standardOutput.contains("RUNPATH"),
                "the installed binary searches a folder of its own for libraries:\n\(dynamic.standardOutput)")
        // Nor linked in statically: ICU's data (icudt) and the two Foundation modules leave
        // their names in the binary even when it is stripped.
        for name in ["icudt", "10Foundation", "FoundationInternationalization"] {
            let found = try await Self.run(["grep", "-a", "-c", "-F", name, binary])
            #expect(found.exitCode == 1, "\(name) in the binary: \(found)")
        }

        let home = work.path + "/home"
        let versionRun = try await Self.run([binary, "--version"], path: Self.systemPath, home: home)
        #expect(versionRun.exitCode == 0 && versionRun.standardOutput.contains(version), "\(versionRun)")
        let validate = try await Self.run([binary, "validate", "https://verbumcare-lab.local/api"], path: Self.systemPath,
                                          home: home)
        #expect(validate.exitCode == 0, "\(validate)")

        let demo = try await DemoBackendProcess.start(script: root + "/usr/share/verbumcare-tui/demo/demo_backend.py")
        defer { _ = demo.stop() }
        let check = try await Self.run([binary, "check", "pn51", "--json", "--cacert", demo.caFile]
                                       + demo.connectTo.flatMap { ["--connect-to", $0] }, path: Self.systemPath, home: home)
        #expect(check.exitCode == 0, "\(check)")
        #expect(check.standardOutput.contains("\"connectionStatus\": \"connected\""), "\(check)")

        // scripts/install puts the same files under a prefix (the build is already done).
        let prefix = work.path + "/prefix"
        let install = try await Self.run([Self.repository + "/scripts/install", "--prefix", prefix])
        #expect(install.exitCode == 0, "\(install)")
        for file in ["bin/verbumcare-tui", "share/man/man1/verbumcare-tui.1", "share/man/ja/man1/verbumcare-tui.1",
                     "share/man/zh_TW/man1/verbumcare-tui.1",
                     "share/bash-completion/completions/verbumcare-tui", "share/zsh/site-functions/_verbumcare-tui",
                     "share/fish/vendor_completions.d/verbumcare-tui.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        let installed = try await Self.run([prefix + "/bin/verbumcare-tui", "--version"], path: Self.systemPath, home: home)
        #expect(installed.standardOutput.contains(version), "\(installed)")
    }
}
