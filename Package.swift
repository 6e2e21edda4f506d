// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Steward",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "steward", targets: ["Steward"]),
        .executable(name: "stewardctl", targets: ["stewardctl"]),
        .executable(name: "steward-bench", targets: ["steward-bench"]),
        .executable(name: "steward-store", targets: ["steward-store"]),
        .library(name: "StewardCore", targets: ["StewardCore"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // SOAP v5 GetClasses responses (gym schedules), read by element path.
        .package(url: "https://github.com/drmohundro/SWXMLHash", exact: "8.1.1"),
        // CSV reading for the library's catalogue imports (Goodreads, Libib, mapped CSV).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
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
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkKit", "CShumateKit"]),
        // libshumate, for the Community page's map of pins; Swift reaches it through
        // CShumateKit's plain functions (its headers include GTK's again).
        .systemLibrary(
            name: "CShumate",
            pkgConfig: "shumate-1.0",
            providers: [.apt(["libshumate-dev"])]
        ),
        .target(name: "CShumateKit", dependencies: ["CShumate"]),
        // libcurl, through typed C helpers (curl_easy_setopt is variadic).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // zlib, for gzip bodies on both sides of the sync protocol.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libical, for gym timetables published as iCalendar feeds.
        .systemLibrary(
            name: "CICal",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // gettext over glibc: `tr`, `trn`, `trc` and where the compiled catalogues are. Shared by
        // the core, the window and the command line; nothing else.
        .systemLibrary(name: "CGettext"),
        .target(name: "Translation", dependencies: ["CGettext"]),
        // Ride sharing's assignment as min-cost flow: LEMON's network simplex (Debian's
        // liblemon-dev) behind a plain C function.
        .target(
            name: "CRideFlow",
            linkerSettings: [.linkedLibrary("lemon"), .linkedLibrary("stdc++")]
        ),
        // The shared core: domain, validation, store, services, sync client. No GTK.
        .target(
            name: "StewardCore",
            dependencies: [
                "CCurl", "CZlib", "Translation", "CRideFlow", "CICal",
                // The media library checks and cleans files as the store does.
                "StewardMedia",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "Logging", package: "swift-log"),
                // HMAC-SHA256 for the passport's rotating check-in codes.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        ),
        // libsecret, for the desktop keyring (Secret Service), with wrappers for its variadic calls.
        .systemLibrary(
            name: "CSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        // Where the console keeps staff tokens: the keyring, or a private file. Linked by the
        // console's programs only, not by the store.
        .target(
            name: "StewardCredentials",
            dependencies: ["StewardCore", "CSecret", "Translation"]
        ),
        // libmagic (Debian's libmagic-dev): a file's type read from its bytes, never its name.
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"])]
        ),
        // gdk-pixbuf, to decode and re-encode images (orientation applied, metadata left behind).
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // Decoding with gdk-pixbuf's loader, refusing oversized images from their header (the
        // size-prepared signal is connected through a GLib macro Swift cannot call).
        .target(name: "CMediaImage", dependencies: ["CGdkPixbuf"]),
        // Media checked on the way in: kinds and limits, the type sniffed from the content, images
        // cleaned of their metadata and scaled. Shared by the store, the console and the CLI; no GTK.
        .target(name: "StewardMedia", dependencies: ["CMagic", "CGdkPixbuf", "CMediaImage"]),
        // GStreamer's discoverer (gst-pbutils), for the running time of audio and video added to
        // the console's media library.
        .systemLibrary(
            name: "CGstPbutils",
            pkgConfig: "gstreamer-pbutils-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        // Audio and video running times, read with GStreamer. Linked by the console's programs
        // only (the store takes the duration the console declares).
        .target(name: "StewardMediaDuration", dependencies: ["CGstPbutils"]),
        // The remote store: HTTP API, authorization, SQLite and PostgreSQL storage.
        .target(
            name: "StewardStore",
            dependencies: [
                "StewardCore", "StewardMedia",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The S3 object store's XML answers (listings, multipart uploads, errors).
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                // HTTPS in the store itself (swift-nio-ssl, already there for PostgreSQL's TLS).
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                // PBKDF2 for staff passwords (BoringSSL's, not a Swift loop over HMAC).
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Pango and Cairo, for printed pages and PDF files.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        // Printed documents (bulletins): laid out once, drawn to a PDF file or a print dialog's
        // pages. Knows StewardCore's records, nothing of GTK.
        .target(name: "StewardPrint", dependencies: ["StewardCore", "CPangoCairo", "CQRencode", "Translation"]),
        // QR codes (the passport's check-in screen and poster), from Debian's libqrencode.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .executableTarget(
            name: "steward-store",
            dependencies: [
                "StewardStore", "StewardCore", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "Steward",
            dependencies: ["GtkKit", "StewardCore", "StewardCredentials", "StewardPrint", "Translation", "StewardMedia", "StewardMediaDuration"],
            path: "Sources/Steward"
        ),
        // What Steward's command-line tools share: exit codes and one-line error reports.
        .target(
            name: "CommandLineSupport",
            dependencies: ["Translation", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "stewardctl",
            dependencies: [
                "StewardCore", "StewardCredentials", "CommandLineSupport", "StewardPrint", "Translation", "StewardMedia",
                "StewardMediaDuration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "steward-bench",
            dependencies: [
                "StewardCore", "GtkKit", "StewardStore", "StewardTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // The passport benchmark on PostgreSQL (`--passport --postgres URL`).
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "TranslationTests", dependencies: ["Translation"], exclude: ["Fixtures"]),
        // Stand-in servers and other helpers more than one test target uses.
        .target(name: "StewardTestSupport", path: "Tests/StewardTestSupport"),
        // The test process's locale from the environment, before main, as the apps take theirs.
        .target(name: "CTestLocale", path: "Tests/CTestLocale"),
        .testTarget(name: "StewardCoreTests", dependencies: ["StewardCore", "StewardCredentials", "StewardTestSupport", "CTestLocale",
                                                      "StewardMedia", "MediaTestSamples"]),
        // Media files the media and store tests upload: images made with gdk-pixbuf (with EXIF
        // GPS spliced in), MP3 and PDF heads, a program's bytes.
        .target(name: "MediaTestSamples", dependencies: ["CGdkPixbuf"], path: "Tests/MediaTestSamples"),
        .testTarget(name: "StewardMediaTests", dependencies: ["StewardMedia", "MediaTestSamples"]),
        .testTarget(
            name: "StewardStoreTests",
            dependencies: [
                "StewardStore", "StewardMedia", "MediaTestSamples",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "StewardCtlTests", dependencies: ["StewardCore", "stewardctl", "StewardTestSupport", "CTestLocale", "MediaTestSamples"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit"]),
        // What steward-bench reads from the programs it times (the bench drive's lines).
        .testTarget(name: "StewardBenchTests", dependencies: ["steward-bench"]),
        .testTarget(name: "StewardPrintTests", dependencies: ["StewardPrint", "StewardCore"]),
    ],
    swiftLanguageModes: [.v6]
)
