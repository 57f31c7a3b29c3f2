import Foundation
import PropertyBased
import Testing
import TestSupport

/// `check` and `status` in their usual forms skip swift-argument-parser (`DirectInvocation`,
/// for a cheaper cold check). Whatever the arguments, the binary must behave exactly as it does
/// when the parser reads them (`VERBUMCARE_PARSER_ONLY`): the same exit status, the same
/// output, the same file written, the same errors in the parser's words.
@Suite("check and status read without the parser", .serialized)
struct DirectInvocationTests {
    /// Global options, which may go before or after the command's name.
    static let globals: [[String]] = [
        ["--plain"], ["--no-color"], ["--lang", "ja"], ["--lang=zh-Hant"], ["--env", "staging"],
    ]
    /// What goes after the name: mostly the options of `check` and `status`, some of them
    /// wrong on purpose (for `status` most are), so that declining is tested too.
    static let pieces: [[String]] = globals + [
        ["--json"], ["--json"], ["--all"], ["--all"], ["--format", "json"], ["--format=nagios"], ["--format", "openmetrics"],
        ["--format", "text"], ["--output", "OUT"], ["--output=OUT"],
        ["pn51"], ["pn51"], ["mac-mini-tailscale"], ["https://verbumcare-lab.local/api"],
        ["--format", "xml"], ["--format"], ["--lang", "xx"], ["--bogus"], ["--json=yes"], ["--"], ["-h"], ["help"], ["nosuch"],
    ]

    static let arguments = zip(Gen.element(of: ["check", "check", "check", "status", "status", "servers"]),
                               Gen.element(of: globals).array(of: 0...2),
                               Gen.element(of: pieces).array(of: 0...3))

    @Test func bothRoutesAgree() async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
        defer { _ = demo.stop() }
        let home = try TemporaryHome(prefix: "direct")
        let runner = try BinaryRunner(home: home.path)
        let network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }
        let output = home.path + "/check-output.txt"
        await propertyCheck(count: 100, input: Self.arguments) { command, before, after in
            let words = { (pieces: [[String]?]) in
                pieces.compactMap { $0 }.joined().map { $0.replacingOccurrences(of: "OUT", with: output) }
            }
            let line = network + words(before) + [command ?? "check"] + words(after)
            let direct = try? await Self.outcome(runner, line, output: output, parserOnly: false)
            let parsed = try? await Self.outcome(runner, line, output: output, parserOnly: true)
            #expect(direct != nil && direct == parsed, "\(line)")
        }
    }

    /// What a run shows: its exit status, its output and the file it wrote, with numbers
    /// (response times, which differ from run to run, "<1" included) replaced by `#` and the spaces that align
    /// them squeezed.
    static func outcome(_ runner: BinaryRunner, _ arguments: [String], output: String,
                        parserOnly: Bool) async throws -> [String] {
        try? FileManager.default.removeItem(atPath: output)
        let result = try await runner.run(arguments, environment: parserOnly ? ["VERBUMCARE_PARSER_ONLY": "1"] : [:])
        let written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? "(no file)"
        return [String(describing: result.exitCode), result.standardOutput, result.standardError, written].map {
            $0.replacingOccurrences(of: "<?[0-9]+([.][0-9]+)?", with: "#", options: .regularExpression)
                .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        }
    }

    /// The usual forms really skip the parser, and the others really reach it: gdb runs the
    /// binary with a breakpoint on swift-argument-parser's entry (`parseAsRoot`) and reports
    /// whether it was hit.
    @Test(arguments: [
        (["check"], false),
        (["--plain", "check", "pn51", "--json", "--lang", "ja"], false),
        (["check", "--all", "--format=openmetrics", "--output", "OUT"], false),
        (["status", "--json", "--no-color"], false),
        (["--lang", "en"], false),
        (["check", "--format", "xml"], true),
        (["check", "pn51", "--json", "--json"], true),
        (["status", "--help"], true),
        (["servers"], true),
    ])
    func theParserRunsOnlyWhenNeeded(_ arguments: [String], _ parses: Bool) async throws {
        let home = try TemporaryHome(prefix: "direct-gdb")
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let gdb = BinaryRunner(program: "/usr/bin/gdb", home: home.path, lang: "en_US.UTF-8")
        let line = ["--home", home.path, "--connect-to", "::127.0.0.1:1"]
            + arguments.map { $0 == "OUT" ? home.path + "/out" : $0 }
        for parserOnly in [false, true] {
            let result = try await gdb.run(
                ["-batch", "-nx", "-ex", "set startup-with-shell off",
                 "-ex", "break $s14ArgumentParser15ParsableCommandPAAE11parseAsRootyAaB_pSaySSGSgKFZ",
                 "-ex", "run", "-ex", "info breakpoints", "--args", binary] + line,
                environment: parserOnly ? ["VERBUMCARE_PARSER_ONLY": "1"] : [:])
            try #require(result.standardOutput.contains("ParsableCommand.swift"), "no breakpoint set: \(result)")
            let hit = result.standardOutput.contains("breakpoint already hit")
            #expect(hit == (parses || parserOnly), "\(arguments), VERBUMCARE_PARSER_ONLY \(parserOnly): \(result)")
        }
    }
}
