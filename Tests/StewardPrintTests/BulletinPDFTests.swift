import Foundation
import Testing
import StewardCore
@testable import StewardPrint

@Suite struct BulletinPDFTests {
    static let zone = TimeZone(identifier: "America/Chicago")!

    static func bulletin(sections: Int, bodyParagraphs: Int = 1) throws -> JSONValue {
        let items = (1...sections).map { index -> JSONValue in
            .object(["heading": .string("Section \(index) heading"),
                     "body": .string(Array(repeating: "Paragraph of section \(index), long enough to wrap across the line once or twice as bulletins do.",
                                           count: bodyParagraphs).joined(separator: "\n")),
                     "linkLabel": .string(index == 2 ? "Sign up" : ""),
                     "linkURL": .string(index == 2 ? "https://grace.example/signup" : "")])
        }
        return try RecordType.bulletin.validate(.object([
            "title": .string("Second Sunday of Advent"), "date": .string("2026-12-06"), "sections": .array(items),
        ]), orgZone: zone)
    }

    /// The PDF's text, as a reader of the file gets it (poppler's pdftotext).
    static func text(ofPDF path: String) throws -> String {
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

    @Test func thePDFHasTheTitleTheDateAndEverySectionInOrder() throws {
        let blocks = BulletinPrint.blocks(of: try Self.bulletin(sections: 3), organization: "Grace Church", zone: Self.zone)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PDFExport.write(PageLayout(blocks: blocks, paper: .a4), to: path)
        let text = try Self.text(ofPDF: path)
        let expected = ["Second Sunday of Advent", "Sun 6 Dec 2026", "Section 1 heading", "Section 2 heading",
                        "Sign up: https://grace.example/signup", "Section 3 heading"]
        var cursor = text.startIndex
        for piece in expected {
            let found = try #require(text.range(of: piece, range: cursor..<text.endIndex), "\"\(piece)\" in order in: \(text)")
            cursor = found.upperBound
        }
    }

    @Test func aLongBulletinRunsOntoMorePagesAndNoHeadingEndsAPage() throws {
        let blocks = BulletinPrint.blocks(of: try Self.bulletin(sections: 12, bodyParagraphs: 4), organization: "", zone: Self.zone)
        let layout = PageLayout(blocks: blocks, paper: .letter)
        #expect(layout.pageCount >= 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PDFExport.write(layout, to: path)
        let pages = try Self.text(ofPDF: path).split(separator: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        #expect(pages.count == layout.pageCount)
        for page in pages {
            let last = page.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            #expect(!last.hasSuffix("heading"), "a page ends with a heading: \(last)")
        }
    }

    @Test func aFolderThatDoesNotExistIsSaidPlainly() throws {
        let layout = PageLayout(blocks: [PrintBlock(.title, "x")], paper: .a4)
        #expect(throws: PDFExportError.self) { try PDFExport.write(layout, to: "/nonexistent-folder/b.pdf") }
    }

    @Test func theLocalesPaperIsLetterInTheUnitedStatesAndA4Elsewhere() {
        #expect(abs(PaperSize.letter.width - 612) < 0.5)
        #expect(abs(PaperSize.a4.height - 841.9) < 0.5)
        #expect(PaperSize.ofLocale.width > 500)
    }
}
