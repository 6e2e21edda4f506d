// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Steward",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "steward", targets: ["Steward"]),
        .executable(name: "stewardctl", targets: ["stewardctl"]),
        .executable(name: "steward-bench", targets: ["steward-bench"]),
        .library(name: "StewardCore", targets: ["StewardCore"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // GTK 4.8 + libadwaita 1.2, with a shim for what does not import (macros, variadics,
        // the dispatch main-queue bridge).
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // Typed Swift over GTK. Knows nothing of Steward.
        // Small GObject classes in C (the key list model) that Swift cannot register cleanly.
        .target(name: "CGtkKit", dependencies: ["CGtk"]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkKit"]),
        // The shared core: domain, validation, store, services. No GTK.
        .target(
            name: "StewardCore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "Steward",
            dependencies: ["GtkKit", "StewardCore"],
            path: "Sources/Steward"
        ),
        .executableTarget(
            name: "stewardctl",
            dependencies: [
                "StewardCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "steward-bench",
            dependencies: [
                "StewardCore", "GtkKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "StewardCoreTests", dependencies: ["StewardCore"]),
        .testTarget(name: "StewardCtlTests", dependencies: ["StewardCore", "stewardctl"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit"]),
    ],
    swiftLanguageModes: [.v6]
)
