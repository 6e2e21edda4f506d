import Foundation

/// What one run of steward's bench drive printed (STEWARD_BENCH_DRIVE=events, see
/// Sources/Steward/BenchDrive/BenchDriver.swift): one line per measurement,
/// `search-keystroke <ms>` or `editor-open <ms>`, then `bench-drive-done`, or
/// `bench-drive-failed <why>` when a step never finished.
struct DriveReport: Equatable {
    var keystrokeMilliseconds: [Double] = []
    var editorOpenMilliseconds: [Double] = []

    init(keystrokeMilliseconds: [Double] = [], editorOpenMilliseconds: [Double] = []) {
        self.keystrokeMilliseconds = keystrokeMilliseconds
        self.editorOpenMilliseconds = editorOpenMilliseconds
    }

    /// Reads the drive's whole output. Other lines are passed over; a drive that failed, that
    /// ended before `bench-drive-done`, that measured nothing, or a figure that is not a
    /// number makes an error saying which.
    init(parsing output: String) throws {
        var done = false
        for line in output.split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let name = words.first else { continue }
            let rest = words.count > 1 ? String(words[1]).trimmingCharacters(in: .whitespaces) : ""
            switch name {
            case "search-keystroke":
                keystrokeMilliseconds.append(try Self.milliseconds(rest, in: line))
            case "editor-open":
                editorOpenMilliseconds.append(try Self.milliseconds(rest, in: line))
            case "bench-drive-done":
                done = true
            case "bench-drive-failed":
                throw BenchError("the bench drive failed: \(rest.isEmpty ? "no reason given" : rest)")
            default:
                continue
            }
        }
        guard done else {
            throw BenchError("steward ended before its bench drive was done (no bench-drive-done line; "
                             + "search-keystroke lines: \(keystrokeMilliseconds.count), editor-open lines: \(editorOpenMilliseconds.count))")
        }
        guard !keystrokeMilliseconds.isEmpty, !editorOpenMilliseconds.isEmpty else {
            throw BenchError("the bench drive should measure both search keystrokes and opening the editor "
                             + "(search-keystroke lines: \(keystrokeMilliseconds.count), editor-open lines: \(editorOpenMilliseconds.count))")
        }
    }

    /// The figure of a line: its first word, a number of milliseconds.
    private static func milliseconds(_ text: String, in line: Substring) throws -> Double {
        let figure = text.split(separator: " ").first.map(String.init) ?? ""
        guard let value = Double(figure), value.isFinite, value >= 0 else {
            throw BenchError("the bench drive's line \"\(line)\" has no figure in milliseconds")
        }
        return value
    }
}

/// One build's drives, run after run.
struct DriveRuns {
    var reports: [DriveReport] = []

    var keystrokeMilliseconds: [Double] { reports.flatMap(\.keystrokeMilliseconds) }
    var editorOpenMilliseconds: [Double] { reports.flatMap(\.editorOpenMilliseconds) }
    /// Each run's median keystroke, to see whether the machine drifted during the runs.
    var keystrokeMediansByRun: [Double] { reports.map(\.keystrokeMilliseconds.median) }
    var editorOpenMediansByRun: [Double] { reports.map(\.editorOpenMilliseconds.median) }
}
