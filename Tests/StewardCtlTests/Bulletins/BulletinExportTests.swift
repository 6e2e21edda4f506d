import Foundation
import StewardCore
import Testing

/// `stewardctl bulletins export ID --pdf FILE`: the printed bulletin, read back from the file.
@Suite struct BulletinExportTests {
    static func pdfText(_ path: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = ["-layout", path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theExportHasEverySectionInOrderOnTheLocalesPaper() async throws {
        let cli = try await CLI.withOneOrganization()
        let sections = #"[{"heading": "Welcome", "body": "Glad you are here."}, {"heading": "Serve", "linkLabel": "Sign up", "linkURL": "https://grace.example/serve"}, {"heading": "Prayer"}]"#
        let added = try await cli("bulletins", "add", "--title", "Advent II", "--date", "2026-12-06", "--sections", sections)
        try #require(added.status == 0, "bulletins add failed: \(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        let path = cli.folder.appendingPathComponent("advent.pdf").path

        let letter = try await cli.run(["--db", cli.databasePath, "bulletins", "export", id, "--pdf", path],
                                 environment: ["LC_ALL": "", "LC_PAPER": "en_US.UTF-8", "LANG": "en_US.UTF-8"])
        #expect(letter.status == 0, "\(letter.stderr)")
        let text = try await Self.pdfText(path)
        var cursor = text.startIndex
        for piece in ["Advent II", "Sun 6 Dec 2026", "Welcome", "Glad you are here.", "Serve",
                      "Sign up: https://grace.example/serve", "Prayer"] {
            let found = try #require(text.range(of: piece, range: cursor..<text.endIndex), "\"\(piece)\" in order in: \(text)")
            cursor = found.upperBound
        }
    }

    @Test func aBadIdOrFolderIsSaidPlainlyWithExitTwo() async throws {
        let cli = try await CLI.withOneOrganization()
        let badId = try await cli("bulletins", "export", "not-an-id", "--pdf", "/tmp/x.pdf")
        #expect(badId.status == 2)
        #expect(badId.stderr.contains("id:"))
        let added = try await cli("bulletins", "add", "--title", "Advent II", "--date", "2026-12-06")
        let id = try #require(added.stdoutLines.first)
        let badFolder = try await cli("bulletins", "export", id, "--pdf", "/no/such/folder/b.pdf")
        #expect(badFolder.status == 2)
        #expect(badFolder.stderr.contains("pdf:"))
        #expect(badFolder.stderr.contains("does not exist"))
    }
}
