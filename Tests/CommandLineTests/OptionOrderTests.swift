import Foundation
import PropertyBased
import Testing
import TestSupport

/// Global options go before or after the command's name, and between the command's own
/// options (docs/COMMAND-LINE.md); swift-argument-parser is the one reader. Wherever they are
/// written, a run must do exactly what it does with them all before the name: the same exit
/// status, output and errors.
@Suite("global options anywhere", .serialized)
struct OptionOrderTests {
    /// Commands with their own options and values, in the order they are written.
    static let commands: [[String]] = [
        ["check", "pn51", "--json"], ["check", "--all", "--format", "openmetrics"], ["check", "mac-mini-tailscale"],
        ["check", "--format=nagios", "pn51"], ["status", "--json"], ["status"],
    ]
    /// Global options, some given twice (the last one counts, so their order is kept).
    static let globals: [[String]] = [
        ["--plain"], ["--no-color"], ["--lang", "ja"], ["--lang=zh-Hant"], ["--env", "staging"], ["--lang", "en"],
    ]

    /// A command, the global options given, and for each of them the place it goes: 0 before
    /// the command's name, n after the name and n - 1 of the command's other words (the places
    /// are taken in ascending order, so the options keep their order among themselves). Shrinks
    /// towards the first command, fewer options, everything before the name.
    static let lines = zip(Gen.int(in: 0...(commands.count - 1)),
                           zip(Gen.int(in: 0...(globals.count - 1)), Gen.int(in: 0...4)).array(of: 0...4))

    @Test func everyOrderDoesTheSame() async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
        defer { _ = demo.stop() }
        let home = try TemporaryHome(prefix: "order")
        let runner = try BinaryRunner(home: home.path)
        // The network options are global options too, and move like the others.
        let network: [[String]] = [["--cacert", demo.caFile]] + demo.connectTo.map { ["--connect-to", $0] }
        await propertyCheck(count: 100, input: Self.lines) { commandIndex, placed in
            let command = Self.commands[commandIndex]
            // Places in ascending order, so a repeated option keeps its last value wherever it goes.
            let places = placed.map(\.1).sorted()
            let options = network.map { ($0, 0) } + zip(placed, places).map { (Self.globals[$0.0.0], $0.1) }
            let written = Self.line(command: command, options: options)
            let canonical = Self.line(command: command, options: options.map { ($0.0, 0) })
            let moved = try? await Self.outcome(runner, written)
            let before = try? await Self.outcome(runner, canonical)
            #expect(moved != nil && moved == before, "\(written) against \(canonical)")
            // And both did the check: a usage error (64) in both would agree too.
            #expect(["0", "1", "2", "3"].contains(before?.first ?? "none"), "\(canonical): \(before ?? [])")
        }
    }

    /// The command's words with each option put in its place (options keep their order).
    static func line(command: [String], options: [([String], Int)]) -> [String] {
        var words = command.map { [$0] }
        // Inserted from the last place backwards, so each place still counts the command's words.
        var byPlace: [Int: [[String]]] = [:]
        for (option, place) in options { byPlace[min(place, command.count), default: []].append(option) }
        for place in byPlace.keys.sorted(by: >) {
            words.insert(contentsOf: byPlace[place] ?? [], at: place)
        }
        return words.joined().map { $0 }
    }

    /// What a run shows: its exit status, its output and its errors, with numbers (response
    /// times, "<1" included) replaced by `#` and the spaces that align them squeezed.
    static func outcome(_ runner: BinaryRunner, _ arguments: [String]) async throws -> [String] {
        let result = try await runner.run(arguments)
        return [result.exitCode.map { String($0) } ?? "signal"] + [result.standardOutput, result.standardError].map {
            $0.replacingOccurrences(of: "<?[0-9]+([.][0-9]+)?", with: "#", options: .regularExpression)
                .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        }
    }
}
