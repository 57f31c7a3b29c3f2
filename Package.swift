// swift-tools-version: 6.2
import PackageDescription

// Layer order (each depends only on those before it):
//   C shims → Localization → SettingsStore → BackendClient → Doctor, Connectivity → VerbumTUI
//   TerminalRendering → TerminalBackend, and Localization + SettingsStore + TerminalRendering → SettingsUI
//   AppCore + CSQLite + CPlatform → History (probe history on disk; used by the monitor, `history` and the app)
//   Connectivity + History → Watch (history, incidents and alerts as effects) → AppLoop → VerbumTUI
// TerminalRendering knows nothing of the app's state or texts: it draws cells.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]
// Optimised in debug builds too, for a module whose unoptimised code is where the test suite
// spent its CPU: HistoryTests' property tests record thousands of SQLite histories, and 81 %
// of their samples were under History's `record` at -Onone (generic metadata look-ups,
// iterators, copies), 5 % in SQLite (perf). HistoryTests took 205 CPU-s, 73 with this; the
// module's compile takes 15 CPU-s instead of 4. The same source, compiled as it ships (release
// is -O), with the same checks: -O keeps overflow traps and `precondition`, and the module has
// no `assert` and no `#if DEBUG`. The debugger shows less of its locals; nothing else changes.
let optimisedInDebug: [SwiftSetting] = [
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
    name: "verbumcare-tui",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "verbumcare-tui", targets: ["VerbumTUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // C modules. ncursesw is linked through its module map rather than pkg-config: SwiftPM
        // rejects pkg-config's -D flags with a warning, so the shim header defines them itself
        // (see docs/ARCHITECTURE.md: C modules on Linux). The headers are in the default include path.
        .systemLibrary(name: "CNcursesw"),
        // libcurl is loaded with dlopen when the first request starts, not linked: its thirty
        // dependent libraries would otherwise be mapped before main (docs/ARCHITECTURE.md).
        // Building needs only curl's headers (Debian: libcurl4-openssl-dev).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CPlatform"),
        // Async-signal-safe terminal restore (C, because signal handlers must be).
        .target(name: "CTerminalGuard"),
        // The guardian forked per alert hook: a subreaper that ends the hook and every
        // descendant at the time limit (C, because it runs between fork and exec's end).
        .target(name: "CHookGuard"),
        // Debian's libsqlite3, linked (headers: libsqlite3-dev). One library with no
        // dependencies of its own, unlike libcurl.
        .systemLibrary(name: "CSQLite"),
        // Debian's libsnappy, linked (headers: libsnappy-dev): remote write's block compression.
        .systemLibrary(name: "CSnappy"),

        .target(name: "Localization", swiftSettings: strictSettings),
        // The pure core: the one state (settings and screen), the one event vocabulary, the
        // reducers, policies, validation and file formats. No I/O, no clock, no threads.
        .target(name: "AppCore", dependencies: ["Localization", "TerminalRendering"], swiftSettings: strictSettings),
        // The one clock (wall, monotonic, sleeps): below the store and the terminal, which both read it.
        .target(name: "Timekeeping", swiftSettings: strictSettings),
        .target(name: "SettingsStore",
                dependencies: ["AppCore", "Localization", "CPlatform", "Timekeeping",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .target(name: "BackendClient",
                dependencies: ["SettingsStore", "CCurl",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        // doctor: pure checks of this machine (mDNS, resolver, CA bundle, terminal, files, clock).
        .target(name: "Doctor", dependencies: ["SettingsStore", "BackendClient", "TerminalRendering", "History"],
                swiftSettings: strictSettings),
        .target(name: "Connectivity",
                dependencies: ["SettingsStore", "BackendClient",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        // Probe history: tiers of raw, minute and hour rows in SQLite, incidents, the alert
        // ledger and the recorder lock (SPEC §15). Its arithmetic is AppCore's (History/).
        .target(name: "History", dependencies: ["AppCore", "CSQLite", "CPlatform"],
                swiftSettings: strictSettings + optimisedInDebug),
        .target(name: "TerminalRendering", swiftSettings: strictSettings),
        .target(name: "TerminalBackend",
                dependencies: ["CNcursesw", "CTerminalGuard", "TerminalRendering", "Timekeeping"],
                swiftSettings: strictSettings),
        // Views only: state in, cells out.
        .target(name: "SettingsUI",
                dependencies: ["Localization", "AppCore", "TerminalRendering"],
                swiftSettings: strictSettings),
        // The watch's effects (SPEC §15): the monitor's rounds, recording, hooks, webhooks, mutes.
        .target(name: "Watch",
                dependencies: ["SettingsStore", "Connectivity", "BackendClient", "History", "Localization", "CPlatform",
                               "CHookGuard", .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        // The monitor's push by Prometheus remote write, with its backfill from history (issue 28).
        .target(name: "RemoteWrite",
                dependencies: ["AppCore", "History", "BackendClient", "SettingsStore", "Watch", "CSnappy",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        // The fleet view's queries to a central Prometheus or VictoriaMetrics (SPEC §15.4).
        .target(name: "Fleet", dependencies: ["AppCore", "BackendClient", "SettingsStore"],
                swiftSettings: strictSettings),
        // The app's loop as a library: events → the one reducer → effects → frames on a
        // `TerminalScreen`. The executable connects it to ncurses; tests drive it in-process.
        .target(name: "AppLoop",
                dependencies: ["SettingsStore", "SettingsUI", "Connectivity", "BackendClient", "TerminalRendering",
                               "Watch", "CPlatform", .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .executableTarget(
            name: "VerbumTUI",
            dependencies: ["AppLoop", "Fleet", "Watch", "RemoteWrite", "History", "Localization", "SettingsStore", "BackendClient", "Connectivity", "Doctor",
                           "TerminalRendering", "TerminalBackend", "SettingsUI", "CPlatform",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),

        // Benchmarks print figures; run them with `swift run -c release verbumcare-bench --help`.
        .executableTarget(
            name: "verbumcare-bench",
            dependencies: ["Localization", "SettingsStore", "BackendClient", "Connectivity", "TerminalRendering", "SettingsUI",
                           "History", "RemoteWrite", "Watch",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks",
            exclude: ["scripts", "reference"],  // reference: the C programs the benchmarks compare with
            swiftSettings: strictSettings),

        // Tests
        // The test process set up as the product's processes are (SIGPIPE ignored): a C
        // constructor, so it holds before the first test's thread starts.
        .target(name: "CTestProcess", path: "Tests/CTestProcess"),
        .target(name: "TestSupport",
                dependencies: ["CTestProcess", "CPlatform", .product(name: "Subprocess", package: "swift-subprocess"),
                               .product(name: "PropertyBased", package: "swift-property-based")],
                path: "Tests/TestSupport", swiftSettings: strictSettings),
        // The exhaustive test store over the whole `AppReducer`, in virtual time (issue 25): for
        // the reducer's stories and the loop's. Apart from TestSupport, which stays free of the
        // app's core, so the process-level tests do not rebuild with every change of AppCore.
        .target(name: "StoreTestSupport", dependencies: ["AppCore"],
                path: "Tests/StoreTestSupport", swiftSettings: strictSettings),
        .testTarget(name: "LocalizationTests",
                    dependencies: ["Localization", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "SettingsStoreTests",
                    dependencies: ["SettingsStore", "TestSupport",
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "BackendClientTests",
                    dependencies: ["BackendClient", "TestSupport",
                                   .product(name: "Subprocess", package: "swift-subprocess"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "ReducerTests",
                    dependencies: ["SettingsStore", "SettingsUI", "TerminalRendering", "Localization", "TestSupport",
                                   "StoreTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "DoctorTests",
                    dependencies: ["Doctor", "TestSupport",
                                   .product(name: "Subprocess", package: "swift-subprocess")],
                    swiftSettings: strictSettings),
        .testTarget(name: "HistoryTests",
                    dependencies: ["History", "AppCore", "TestSupport", "Watch", "SettingsStore",
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "ConnectivityTests",
                    dependencies: ["Connectivity", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "TerminalRenderingTests",
                    dependencies: ["TerminalRendering", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "TerminalBackendTests",
                    dependencies: ["TerminalBackend", "TerminalRendering",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "SettingsUITests",
                    dependencies: ["SettingsUI", "SettingsStore", "AppCore", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    exclude: ["Golden"],
                    swiftSettings: strictSettings),
        // The real loop in-process: key in, frame out, against the demo backend or a scripted network.
        .testTarget(name: "AppLoopTests",
                    dependencies: ["AppLoop", "Fleet", "SettingsStore", "SettingsUI", "Connectivity", "BackendClient",
                                   "TerminalRendering", "Localization", "TestSupport", "StoreTestSupport",
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "AppTests",
                    dependencies: ["TestSupport"],
                    swiftSettings: strictSettings),
        // Builds the release binary and the .deb once (minutes): filter it out while iterating.
        .testTarget(name: "PackagingTests",
                    dependencies: ["TestSupport", .product(name: "Subprocess", package: "swift-subprocess")],
                    swiftSettings: strictSettings),
        .testTarget(name: "DemoBackendTests",
                    dependencies: ["TestSupport"],
                    swiftSettings: strictSettings),
        // Remote write against Debian's prometheus and victoria-metrics and a receiver of our own.
        .testTarget(name: "RemoteWriteTests",
                    dependencies: ["RemoteWrite", "History", "AppCore", "Watch", "BackendClient", "SettingsStore", "Doctor", "TestSupport",
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    exclude: ["Support/receiver.py"],
                    swiftSettings: strictSettings),
        .testTarget(name: "CommandLineTests",
                    dependencies: ["TestSupport", "SettingsStore", "CPlatform", "Watch", "BackendClient", "History",
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "Subprocess", package: "swift-subprocess"),
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    exclude: ["Golden"],
                    swiftSettings: strictSettings),
    ]
)
