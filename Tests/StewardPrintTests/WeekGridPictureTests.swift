import CPangoCairo
import Foundation
import Testing
@testable import StewardPrint

/// The week grid's geometry (where each block goes for a width) and its drawing: blocks in
/// their program's colour where the geometry puts them, nothing drawn outside the span in view.
@Suite("Week grid picture")
struct WeekGridPictureTests {
    static let lanes = [2, 1, 1, 1, 1, 1, 1]

    @Test("lanes share the width, never narrower than their minimum; days follow each other")
    func geometry() {
        let minimum = WeekGridGeometry.minimumWidth(lanes: 8)
        let expectedMinimum: Double = 12 + 50 + 8 * 84 + 7 * 4 + 12
        #expect(minimum == expectedMinimum)
        let narrow = WeekGridGeometry(lanes: Self.lanes, rows: 8, width: 300)
        #expect(narrow.laneWidth(day: 0) == WeekGridGeometry.laneMinimumWidth, "a narrow window scrolls rather than squeezes")
        let wide = WeekGridGeometry(lanes: Self.lanes, rows: 8, width: 1_200)
        let spare: Double = 1_200 - 12 - 12 - 50 - 7 * 4
        #expect(wide.laneWidth(day: 0) == (spare / 8).rounded(.down))
        #expect(wide.laneX(day: 0, lane: 1) == wide.laneX(day: 0, lane: 0) + wide.laneWidth(day: 0) + 4)
        #expect(wide.laneX(day: 1, lane: 0) == wide.laneX(day: 0, lane: 1) + wide.laneWidth(day: 0) + 4, "Tuesday after Monday's two lanes")
        let block = wide.block(day: 1, lane: 0, row: 4, rows: 3)
        #expect(block.y == wide.rowY(4))
        #expect(block.height == 3 * WeekGridGeometry.rowHeight - WeekGridGeometry.blockGap)
        #expect(wide.day(0).width == 2 * wide.laneWidth(day: 0) + 4)
        let expectedHeight: Double = 6 + 26 + 8 * 20 + 12
        #expect(WeekGridGeometry.height(rows: 8) == expectedHeight)
    }

    @Test("a calendar's week gives each day the same width, splits a busy day among its lanes, and fits 700 points")
    func daysShareTheWidth() {
        let lanes = [1, 1, 3, 1, 1, 1, 1]
        let width: Double = 700
        let geometry = WeekGridGeometry(lanes: lanes, rows: 8, width: width, sharing: .daysEqual)
        let spare: Double = 700 - 12 - 12 - 50 - 6 * 4
        let day = (spare / 7).rounded(.down)
        #expect((0..<7).allSatisfy { geometry.day($0).width == day })
        #expect(geometry.day(3).x == geometry.day(2).x + day + 4, "Thursday right after Wednesday, however many lanes it has")
        #expect(geometry.laneWidth(day: 2) == ((day - 2 * 4) / 3).rounded(.down))
        let last = geometry.block(day: 2, lane: 2, row: 0, rows: 1)
        #expect(last.x + last.width <= geometry.day(2).x + day, "the third lane stays inside its day")
        #expect(geometry.day(6).x + geometry.day(6).width <= width - 12, "the seven days fit")
        #expect(WeekGridGeometry.minimumWidth(days: 7) < 600, "a week fits a 1024-point window beside the sidebar")
        let narrow = WeekGridGeometry(lanes: lanes, rows: 8, width: 300, sharing: .daysEqual)
        #expect(narrow.day(0).width == WeekGridGeometry.dayMinimumWidth, "a narrow window scrolls rather than squeezes")
    }

    /// The colour at (x, y) of an ARGB32 image surface, as 0...255 components.
    static func pixel(_ surface: OpaquePointer, x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let value = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF))
    }

    /// A white `width` × `height` image with `draw` run on it; the caller destroys it.
    static func render(width: Int, height: Int, _ draw: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        draw(context)
        cairo_destroy(context)
        return surface
    }

    @Test("each block tinted by its program where the geometry puts it; only the span in view drawn")
    func drawn() {
        let blocks = [
            WeekGridPicture.Block(day: 0, lane: 0, row: 0, rows: 4, lines: ["Spin", "Dana", "Studio A", "3/12 booked"],
                                  colour: 0, isCancelled: false, isSubstitute: false, isRemoved: false),
            WeekGridPicture.Block(day: 2, lane: 0, row: 20, rows: 4, lines: ["Yoga", "Morgan (substitute)"],
                                  colour: 1, isCancelled: true, isSubstitute: true, isRemoved: false),
        ]
        let picture = WeekGridPicture(headings: (1...7).map { "Day \($0)" }, hours: (6..<12).map { String(format: "%02d:00", $0) },
                                      blocks: blocks)
        let width = 1_000, height = Int(WeekGridGeometry.height(rows: 24))
        let geometry = WeekGridGeometry(lanes: Self.lanes, rows: 24, width: Double(width))

        func render(within span: (top: Double, bottom: Double)?) -> OpaquePointer {
            Self.render(width: width, height: height) { context in
                picture.draw(on: context, geometry: geometry, dark: false, fontFamily: "Sans", fontSize: 10, within: span)
            }
        }

        let whole = render(within: nil)
        defer { cairo_surface_destroy(whole) }
        let first = geometry.block(day: 0, lane: 0, row: 0, rows: 4)
        // Inside the block, right of its text: the blue of program 0 at a quarter over white.
        let blue = Self.pixel(whole, x: Int(first.x + first.width - 3), y: Int(first.y + first.height - 3))
        #expect(blue.blue > blue.red + 30, "the first block is tinted blue: \(blue)")
        // Its edge bar, in the program's own colour.
        let bar = Self.pixel(whole, x: Int(first.x + 2), y: Int(first.y + first.height / 2))
        #expect(bar.blue > 180 && bar.red < 120, "the edge bar is blue: \(bar)")
        let second = geometry.block(day: 2, lane: 0, row: 20, rows: 4)
        let green = Self.pixel(whole, x: Int(second.x + second.width - 6), y: Int(second.y + second.height - 6))
        #expect(green.green > green.red + 10 && green.green > green.blue + 10, "the second block is tinted green: \(green)")
        let between = Self.pixel(whole, x: Int(second.x + second.width / 2), y: Int(geometry.rowY(12) + 5))
        #expect(between == (255, 255, 255), "nothing drawn where no class is: \(between)")

        // Only the first hours in view: the later block is left for when it scrolls into view.
        let top = render(within: (top: 0, bottom: geometry.rowY(8)))
        defer { cairo_surface_destroy(top) }
        #expect(Self.pixel(top, x: Int(first.x + first.width - 3), y: Int(first.y + first.height - 3)) == blue)
        #expect(Self.pixel(top, x: Int(second.x + second.width - 6), y: Int(second.y + second.height - 6)) == (255, 255, 255))
    }
}
