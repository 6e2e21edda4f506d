import Foundation
import Testing
import StewardCore
import StewardPrint

/// The insights' chart of stamps by month: a column per month, labelled, written as a PNG.
@Suite("Stamps over time chart")
struct StampsOverTimeChartTests {
    @Test("a column per month with its stamps; the first month and January carry the year")
    func drawn() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let months = [(2025, 12, 4, 3), (2026, 1, 0, 0), (2026, 2, 7, 5)].map { year, month, stamps, checkIns in
            PassportInsights.Month(start: calendar.date(from: DateComponents(year: year, month: month, day: 1))!,
                                   checkIns: checkIns, stamps: stamps)
        }
        let chart = StampsOverTimeChart(months, zone: zone)
        #expect(chart.columns.map(\.label) == ["Dec 2025", "Jan 2026", "Feb"])
        #expect(chart.columns.map(\.stamps) == [4, 0, 7])
        #expect(chart.peak == 7)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("steward-stamps-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try chart.writePNG(to: path, width: 480)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG file")
        #expect(data.count > 500, "with something drawn in it")
    }
}
