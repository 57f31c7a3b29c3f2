import Testing
import TestSupport

/// The app's process does without Foundation (FoundationEssentials at most): Foundation and
/// FoundationInternationalization bring ICU and its data (about 34 MB, 1 MB of it resident at
/// the first frame) into every start. A file that imports Foundation again makes the build
/// link them, which this test sees in the debug binary's dynamic section; the packaging test
/// checks the static release binary the same way.
@Suite struct FoundationFreeBinaryTests {
    static let forbidden = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
                            "libCoreFoundation.so"]

    @Test func theBinaryDoesNotLinkFoundationOrICU() async throws {
        let needed = try await Self.neededLibraries()
        for library in Self.forbidden {
            #expect(!needed.contains { $0.contains("[\(library)]") }, "\(library) is linked: \(needed)")
        }
    }

    /// Remote write's snappy is linked from its archive (Sources/CSnappy/module.modulemap): the
    /// shared library is C++ and brought libstdc++.so, its relocations and its start-up into
    /// every process of the product (about 1 MB resident) for the monitor's push alone. That
    /// compression still works is `WriteRequestEncodingTests.snappyBlocksRoundTrip`.
    @Test func snappyComesFromItsArchive() async throws {
        let needed = try await Self.neededLibraries()
        #expect(!needed.contains { $0.contains("[libsnappy.so") }, "libsnappy.so is linked: \(needed)")
    }

    /// The NEEDED lines of the debug binary's dynamic section.
    static func neededLibraries() async throws -> [Substring] {
        let home = try TemporaryHome()
        // The debug binary even when the run drives the release one: that one links the Swift
        // runtime statically, so its dynamic section could not show Foundation.
        let binary = try BinaryRunner.locateBuilt("verbumcare-tui")
        let readelf = BinaryRunner(program: "/usr/bin/readelf", home: home.path)
        let outcome = try await readelf.run(["-d", binary])
        #expect(outcome.exitCode == 0, "\(outcome)")
        let needed = outcome.standardOutput.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "readelf found no NEEDED entries: \(outcome)")
        return needed
    }
}
