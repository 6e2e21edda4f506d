import Foundation

/// A plain-text table: a header row, then one row per item, columns padded to line up.
struct Table {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.init(headers)
    }

    /// For columns known only at run time (a record type's listed fields).
    init(_ headers: [String]) {
        self.headers = headers
    }

    mutating func append(_ cells: String...) {
        append(cells)
    }

    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The lines, none ending in spaces.
    var lines: [String] {
        let all = [headers] + rows
        var widths = Array(repeating: 0, count: headers.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            trimmingTrailingSpaces(row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined())
        }
    }
}

/// Label-value lines ("title     Bake Sale"), labels padded to line up; values over several
/// lines are indented to stay under their first line.
struct Record {
    private var fields: [(String, String)] = []

    mutating func add(_ label: String, _ value: String) {
        fields.append((label, value))
    }

    /// Adds the field only when there is something to show.
    mutating func addIfPresent(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { add(label, value) }
    }

    var lines: [String] {
        let width = (fields.map(\.0.count).max() ?? 0) + 2
        return fields.flatMap { label, value in
            let valueLines = value.split(separator: "\n", omittingEmptySubsequences: false)
            return valueLines.enumerated().map { index, line in
                let head = index == 0 ? label : ""
                return trimmingTrailingSpaces(head.padding(toLength: width, withPad: " ", startingAt: 0) + line)
            }
        }
    }
}

private func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
}
