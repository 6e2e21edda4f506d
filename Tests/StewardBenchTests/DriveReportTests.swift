import Testing
@testable import steward_bench

/// How steward-bench reads what a build's bench drive printed (STEWARD_BENCH_DRIVE=events).
@Suite struct DriveReportTests {
    @Test func readsEveryMeasurementAndPassesOverOtherLines() throws {
        let report = try DriveReport(parsing: """
            first-paint
            search-keystroke 17.16
            search-keystroke 2.5
            Gtk-WARNING: something unrelated
            editor-open 38.33
            search-keystroke 11 extra words after the figure
            editor-open 40
            bench-drive-done

            """)
        #expect(report == DriveReport(keystrokeMilliseconds: [17.16, 2.5, 11], editorOpenMilliseconds: [38.33, 40]))
    }

    @Test func aFailedDriveSaysWhy() {
        let error = #expect(throws: BenchError.self) {
            _ = try DriveReport(parsing: """
                search-keystroke 17.16
                bench-drive-failed search keystroke "yo" took over 120 s
                """)
        }
        let message = error?.description ?? ""
        #expect(message.contains("search keystroke \"yo\" took over 120 s"), "\(message)")
    }

    @Test func aDriveThatEndedEarlyIsRefused() {
        let error = #expect(throws: BenchError.self) {
            _ = try DriveReport(parsing: "search-keystroke 17.16\neditor-open 38.33\n")
        }
        let message = error?.description ?? ""
        #expect(message.contains("no bench-drive-done line") && message.contains("search-keystroke lines: 1, editor-open lines: 1"), "\(message)")
    }

    @Test func aFigureThatIsNotMillisecondsIsRefused() {
        for line in ["search-keystroke fast", "editor-open", "editor-open -3", "search-keystroke nan"] {
            let error = #expect(throws: BenchError.self) {
                _ = try DriveReport(parsing: "\(line)\nbench-drive-done\n")
            }
            let message = error?.description ?? ""
            #expect(message.contains("has no figure in milliseconds"), "\(message)")
        }
    }

    @Test func aDriveThatMeasuredNothingOfOneKindIsRefused() {
        let error = #expect(throws: BenchError.self) {
            _ = try DriveReport(parsing: "search-keystroke 3\nbench-drive-done\n")
        }
        let message = error?.description ?? ""
        #expect(message.contains("editor-open lines: 0"), "\(message)")
    }

    @Test func runsPoolTheirMeasurementsAndKeepEachRunsMedian() {
        let runs = DriveRuns(reports: [
            DriveReport(keystrokeMilliseconds: [1, 2, 9], editorOpenMilliseconds: [30]),
            DriveReport(keystrokeMilliseconds: [4, 5, 6], editorOpenMilliseconds: [10, 20]),
        ])
        #expect(runs.keystrokeMilliseconds == [1, 2, 9, 4, 5, 6])
        #expect(runs.keystrokeMediansByRun == [2, 5])
        #expect(runs.editorOpenMediansByRun == [30, 15])
    }
}
