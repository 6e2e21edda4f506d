import CPangoCairo
import Foundation
import StewardCore
import Testing
@testable import StewardPrint

/// The check-in QR code (libqrencode) and the poster it is printed on.
@Suite("Check-in QR code and poster")
struct CheckInPosterTests {
    @Test func aCheckInLinkMakesAQRCodeWithItsFinderPatterns() throws {
        let link = CheckInLink.url(org: "riverton", event: UUID(), code: "123456")
        let qr = try #require(QRCode(link))
        // Version 1 is 21 modules a side, each version 4 more.
        #expect(qr.size >= 21 && (qr.size - 21) % 4 == 0)
        #expect(qr.modules.count == qr.size * qr.size)
        // The three finder patterns: a dark 7×7 ring with a dark 3×3 centre, in three corners.
        for (row, column) in [(0, 0), (0, qr.size - 7), (qr.size - 7, 0)] {
            #expect(qr.isDark(row: row, column: column) && qr.isDark(row: row + 6, column: column + 6))
            #expect(!qr.isDark(row: row + 1, column: column + 1))
            #expect(qr.isDark(row: row + 3, column: column + 3))
        }
        #expect(!qr.isDark(row: qr.size - 7, column: qr.size - 7) || qr.size > 21)
        // A different code, different modules.
        #expect(QRCode(CheckInLink.url(org: "riverton", event: UUID(), code: "654321"))?.modules != qr.modules)
    }

    @Test func thePosterSaysHowToCheckInAndDrawsTheCode() throws {
        let timed = CheckInPoster(title: "Harvest Festival", when: "Saturday 3 October 2026, 10:00", stamps: 2,
                                  ongoing: false, link: CheckInLink.url(org: "riverton", event: UUID()))
        #expect(timed.lines.contains("Check in for 2 passport stamps"))
        #expect(timed.lines.contains { $0.contains("code shown on the screen") })
        let ongoing = CheckInPoster(title: "Mural Walk", when: "", stamps: 1, ongoing: true,
                                    link: CheckInLink.url(org: "riverton", event: UUID()))
        #expect(ongoing.lines.contains { $0.contains("position") })
        #expect(!ongoing.lines.contains(""))

        // Drawn on a Letter page: the QR code's dark modules make the page's lower half dark in places.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 612, 792)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        timed.draw(on: context, width: 612, height: 792)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        var darkBelow = 0
        for y in stride_from(400, to: 780) {
            for x in 0..<612 where data[y * stride + x * 4] < 64 { darkBelow += 1 }
        }
        #expect(darkBelow > 10_000)
    }

    private func stride_from(_ start: Int, to end: Int) -> Range<Int> { start..<end }
}
