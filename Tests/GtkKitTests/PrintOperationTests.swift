import CGtk
import Foundation
import GtkKit
import XCTest

/// A print job exported to PDF without a dialog: the pages the caller drew are in the file.
final class PrintOperationTests: XCTestCase {
    func testExportDrawsEveryPageTheCallerAskedFor() throws {
        try GtkTestSupport.requireGtk()
        try MainActor.assumeIsolated { try Self.exportTwoPages() }
    }

    @MainActor
    private static func exportTwoPages() throws {
        let path = NSTemporaryDirectory() + "print-\(UUID()).pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let operation = PrintOperation(jobName: "Test")
        var size: (Double, Double) = (0, 0)
        var drawn: [Int] = []
        operation.onBegin = { width, height in
            size = (width, height)
            return 2
        }
        operation.onDrawPage = { context, page in
            drawn.append(page)
            cairo_move_to(context, 40, 60)
            cairo_set_font_size(context, 18)
            cairo_show_text(context, "Page \(page + 1) of the test")
        }

        XCTAssertEqual(operation.export(toPDF: path, parent: nil), .printed)

        XCTAssertEqual(drawn, [0, 1])
        XCTAssertGreaterThan(size.0, 300, "the printable width is in points")
        let head = try XCTUnwrap(FileManager.default.contents(atPath: path)).prefix(4)
        XCTAssertEqual(String(decoding: head, as: UTF8.self), "%PDF")
        let text = try Self.pdfText(path)
        XCTAssertTrue(text.contains("Page 1 of the test") && text.contains("Page 2 of the test"), text)
    }

    static func pdfText(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
