import Foundation
import Testing
import StewardCore
@testable import StewardPrint

/// The survey's bar chart: one bar per option, as long as its share, written as a PNG.
@Suite("Survey chart")
struct SurveyChartTests {
    static func result() -> SurveyResult {
        let version = QuestionVersion.all(of: .object(["prompt": .string("Heard of it?"), "type": .string("yes-no"),
                                                        "currentVersion": .int(1)]))[0]
        let answers: [JSONValue] = ["yes", "yes", "yes", "no"].map { value in
            .object(["version": .int(1), "value": .string(value), "at": .string("2026-11-20T10:00:00.000Z")])
        }
        return SurveyResult(questionId: "q", version: version, answers: answers)
    }

    @Test("a bar per answer, labelled, with its share; drawn to a PNG of the chart's height")
    func drawn() throws {
        let chart = SurveyChart(Self.result())
        #expect(chart.bars.map(\.label) == ["Yes", "No"])
        #expect(chart.bars.map(\.count) == [3, 1])
        #expect(chart.bars.map(\.percent) == [75, 25])
        #expect(chart.pixelHeight == 2 * SurveyChart.rowHeight + 2 * SurveyChart.padding)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("steward-chart-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try chart.writePNG(to: path, width: 480)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG file")
        #expect(data.count > 500, "with something drawn in it")
    }
}
