import Foundation
import GtkKit
import XCTest

final class RendererChoiceTests: XCTestCase {
    private var saved: String?

    override func setUp() {
        saved = ProcessInfo.processInfo.environment["GSK_RENDERER"]
        unsetenv("GSK_RENDERER")
    }

    override func tearDown() {
        if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") }
    }

    private func folder(with names: [String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in names { FileManager.default.createFile(atPath: url.appendingPathComponent(name).path, contents: nil) }
        return url.path
    }

    func testAMachineWithARenderNodeKeepsGTKsRenderer() throws {
        XCTAssertNil(RendererChoice.preferCairoWithoutGPU(renderNodes: try folder(with: ["card0", "renderD128"])))
        XCTAssertNil(ProcessInfo.processInfo.environment["GSK_RENDERER"])
    }

    func testAMachineWithoutOneDrawsWithCairo() throws {
        XCTAssertEqual(RendererChoice.preferCairoWithoutGPU(renderNodes: try folder(with: ["card0"])), "cairo")
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSK_RENDERER"], "cairo")
        XCTAssertEqual(RendererChoice.preferCairoWithoutGPU(renderNodes: "/no/such/folder"), nil,
                       "the renderer is chosen once; a set GSK_RENDERER stays")
    }

    func testAPersonsOwnChoiceWins() throws {
        setenv("GSK_RENDERER", "gl", 1)
        XCTAssertNil(RendererChoice.preferCairoWithoutGPU(renderNodes: "/no/such/folder"))
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSK_RENDERER"], "gl")
    }
}
