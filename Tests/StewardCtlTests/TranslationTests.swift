import Foundation
import Testing

/// stewardctl speaks the person's language when its catalogue is there: a made-up language
/// (`xx`, Tests/StewardCtlTests/Fixtures/xx.po) compiled with msgfmt into a checkout's
/// `build/locale`, and the tool run from that checkout.
@Suite("stewardctl translations")
struct TranslationTests {
    /// A folder laid out like a checkout after `make build`: build/locale/xx/LC_MESSAGES/steward.mo.
    private static func checkout(in cli: CLI) async throws -> URL {
        let root = cli.folder.appendingPathComponent("checkout")
        let messages = root.appendingPathComponent("build/locale/xx/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/xx.po")
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("steward.mo").path, source.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        try #require(msgfmt.terminationStatus == 0, "msgfmt failed on \(source.path)")
        return root
    }

    /// The language set as a person would; no STEWARD_LOCALEDIR, so the tool looks for itself.
    /// (gettext ignores LANGUAGE in the plain "C" locale; C.UTF-8 is on every Debian system.)
    private static let speakingXX = ["LANGUAGE": "xx", "LC_ALL": "C.UTF-8", "STEWARD_LOCALEDIR": ""]

    @Test("run from a checkout, it finds build/locale and translates its messages")
    func findsTheCheckoutsCatalogue() async throws {
        let cli = try CLI()
        let checkout = try await Self.checkout(in: cli)
        let result = try await cli.run(["--db", cli.databasePath, "events", "list", "--org", "nowhere"],
                                 environment: Self.speakingXX, in: checkout)
        #expect(result.status == 2)
        #expect(result.stderr == "stewardctl: org: xx: «nowhere» ist keine Organisation (siehe `stewardctl orgs list`)\n")
    }

    @Test("texts the catalogue does not translate stay English")
    func untranslatedStayEnglish() async throws {
        let cli = try CLI()
        let checkout = try await Self.checkout(in: cli)
        let result = try await cli.run(["--db", cli.databasePath, "orgs", "list"], environment: Self.speakingXX, in: checkout)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("No organizations yet: add one with `stewardctl orgs add`"))
    }

    @Test("STEWARD_LOCALEDIR points elsewhere; without the language set, English")
    func explicitFolderAndDefault() async throws {
        let cli = try CLI()
        let checkout = try await Self.checkout(in: cli)
        let arguments = ["--db", cli.databasePath, "events", "list", "--org", "nowhere"]
        var environment = Self.speakingXX
        environment["STEWARD_LOCALEDIR"] = checkout.appendingPathComponent("build/locale").path
        let translated = try await cli.run(arguments, environment: environment)
        #expect(translated.stderr.hasPrefix("stewardctl: org: xx: «nowhere»"))
        environment["LANGUAGE"] = ""
        let english = try await cli.run(arguments, environment: environment, in: checkout)
        #expect(english.stderr == "stewardctl: org: no organization with slug \"nowhere\" (see `stewardctl orgs list`)\n")
    }
}
