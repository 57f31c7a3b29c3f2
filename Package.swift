// swift-tools-version: 6.2
import PackageDescription

// Layer order (each depends only on those before it):
//   C shims → Localization → SettingsStore → BackendClient → Connectivity → TerminalRendering → VerbumTUI
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
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
        // C modules. pkg-config's -D flags are dropped by SwiftPM, so each shim header
        // defines what it needs itself (see shared/PLATFORM-NOTES.md).
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw",
                       providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CPlatform"),

        .target(name: "Localization", swiftSettings: strictSettings),
        .target(name: "SettingsStore",
                dependencies: ["Localization", "CPlatform",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .target(name: "BackendClient",
                dependencies: ["SettingsStore", "CCurl",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .target(name: "Connectivity",
                dependencies: ["SettingsStore", "BackendClient",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .target(name: "TerminalRendering", dependencies: ["Localization", "SettingsStore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "VerbumTUI",
            dependencies: ["Localization", "SettingsStore", "BackendClient", "Connectivity",
                           "TerminalRendering", "CNcursesw", "CPlatform",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),

        // Benchmarks print figures; run them with `swift run -c release verbumcare-bench --help`.
        .executableTarget(
            name: "verbumcare-bench",
            dependencies: ["Localization", "SettingsStore", "BackendClient", "Connectivity", "TerminalRendering",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks",
            swiftSettings: strictSettings),

        // Tests
        .target(name: "TestSupport",
                dependencies: [.product(name: "Subprocess", package: "swift-subprocess")],
                path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(name: "LocalizationTests",
                    dependencies: ["Localization", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "SettingsStoreTests",
                    dependencies: ["SettingsStore", "TestSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strictSettings),
        .testTarget(name: "BackendClientTests",
                    dependencies: ["BackendClient", "TestSupport",
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
        .testTarget(name: "DemoBackendTests",
                    dependencies: ["TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "CommandLineTests",
                    dependencies: ["TestSupport", "SettingsStore",
                                   .product(name: "PropertyBased", package: "swift-property-based")],
                    exclude: ["Golden"],
                    swiftSettings: strictSettings),
    ]
)
