import CPangoCairo
import Foundation
import Testing
@testable import StewardPrint

/// The trainers view's geometry (each row as tall as its busiest day, entries stacked in time
/// order) and its drawing: a class in its program's colour, an appointment in the accent's, each
/// where the geometry puts it, nothing outside the span in view.
@Suite("Trainers picture")
struct TrainersPictureTests {
    @Test("rows are as tall as their busiest day; days share the width, never narrower than their minimum")
    func geometry() {
        let counts = [[1, 0, 3, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0, 1]]
        let wide = TrainersGeometry(entries: counts, width: 1_200)
        let spare: Double = 1_200 - 12 - 12 - 112 - 7 * 4
        #expect(wide.dayWidth == (spare / 7).rounded(.down))
        #expect(TrainersGeometry(entries: counts, width: 300).dayWidth == TrainersGeometry.dayMinimumWidth)
        #expect(wide.rows[0].y == 6 + 26)
        #expect(wide.rows[0].height == 3 * 38 + 2 * 2, "three entries on the busiest day")
        #expect(wide.rows[1].height == TrainersGeometry.rowMinimumHeight, "a row without entries still holds its name")
        #expect(wide.rows[1].y == wide.rows[0].y + wide.rows[0].height + TrainersGeometry.rowSpacing)
        #expect(wide.rows[2].height == 2 * 38 + 2)
        #expect(wide.height == wide.rows[2].y + wide.rows[2].height + 12)
        let entry = wide.entry(row: 0, day: 2, index: 2)
        #expect(entry.x == wide.dayX(2) && entry.y == wide.rows[0].y + 2 * 40 && entry.width == wide.dayWidth)
        #expect(wide.dayX(1) == wide.dayX(0) + wide.dayWidth + 4)
        #expect(TrainersGeometry(entries: [], width: 900).height == 6 + 26 + 58 + 12, "room to say the week is empty")
    }

    @Test("a class tinted by its program, an appointment edged in the accent; only the span in view drawn")
    func drawn() {
        let yoga = ScheduleBlockLook(kind: .program(1), lines: ["07:00 Yoga", "Studio A"])
        let training = ScheduleBlockLook(kind: .appointment, lines: ["08:00 Personal training", "Booked"])
        let later = ScheduleBlockLook(kind: .program(0), lines: ["18:00 Spin", "Cycle Room"])
        let picture = TrainersPicture(headings: (1...7).map { "Day \($0)" }, entries: [
            [[yoga, training], [], [], [], [], [], []],
            [[], [], [], [], [], [], []],
            [[], [], [], [], [], [], [later]],
        ])
        let width = 1_000
        let geometry = TrainersGeometry(entries: picture.geometryCounts, width: Double(width))
        let height = Int(geometry.height)

        func render(within span: (top: Double, bottom: Double)?) -> OpaquePointer {
            WeekGridPictureTests.render(width: width, height: height) { context in
                picture.draw(on: context, geometry: geometry, dark: false, fontFamily: "Sans", fontSize: 10, within: span)
            }
        }

        let whole = render(within: nil)
        defer { cairo_surface_destroy(whole) }
        let first = geometry.entry(row: 0, day: 0, index: 0)
        let green = WeekGridPictureTests.pixel(whole, x: Int(first.x + first.width - 4), y: Int(first.y + first.height - 4))
        #expect(green.green > green.red + 10 && green.green > green.blue + 10, "the class is tinted green: \(green)")
        let second = geometry.entry(row: 0, day: 0, index: 1)
        let bar = WeekGridPictureTests.pixel(whole, x: Int(second.x + 2), y: Int(second.y + second.height / 2))
        #expect(bar.blue > 180 && bar.red < 100, "the appointment's edge is the accent's blue: \(bar)")
        let inside = WeekGridPictureTests.pixel(whole, x: Int(second.x + second.width - 4), y: Int(second.y + second.height - 4))
        #expect(inside.green < 255 && inside.red > 220, "the appointment is barely tinted, unlike a class: \(inside)")
        let empty = geometry.entry(row: 1, day: 3, index: 0)
        #expect(WeekGridPictureTests.pixel(whole, x: Int(empty.x + 20), y: Int(empty.y + 20)) == (255, 255, 255))
        let last = geometry.entry(row: 2, day: 6, index: 0)
        let blue = WeekGridPictureTests.pixel(whole, x: Int(last.x + last.width - 4), y: Int(last.y + last.height - 4))
        #expect(blue.blue > blue.red + 30, "the last trainer's class is tinted blue: \(blue)")

        let top = render(within: (top: 0, bottom: geometry.rows[0].y + geometry.rows[0].height))
        defer { cairo_surface_destroy(top) }
        #expect(WeekGridPictureTests.pixel(top, x: Int(first.x + first.width - 4), y: Int(first.y + first.height - 4)) == green)
        #expect(WeekGridPictureTests.pixel(top, x: Int(last.x + last.width - 4), y: Int(last.y + last.height - 4)) == (255, 255, 255),
                "the last row is left for when it scrolls into view")
    }
}
