import CGtk
import GtkKit
import XCTest

/// A builder made ahead is the one taken next, made only once the main loop is idle, and never
/// shown by being made.
final class PreparedBuilderTests: XCTestCase {
    private static let ui = """
    <interface>
      <object class="GtkWindow" id="window"><property name="title">Prepared</property></object>
    </interface>
    """

    func testTheCopyMadeAheadIsTakenNextAndOnlyOnce() throws {
        try GtkTestSupport.requireGtk()
        try onMain {
            final class Count { var made = 0 }
            let count = Count()
            let make: @MainActor () -> Builder = {
                count.made += 1
                return try! Builder(string: Self.ui)
            }
            let key = "prepared-builder-test"
            let first = PreparedBuilder.take(key, make: make)
            XCTAssertEqual(count.made, 1, "with nothing made ahead, take makes one now")

            PreparedBuilder.prepare(key, make: make)
            PreparedBuilder.prepare(key, make: make)
            XCTAssertEqual(count.made, 1, "prepare waits for the main loop to be idle")
            for _ in 0..<20 where g_main_context_iteration(nil, 0) != 0 {}
            XCTAssertEqual(count.made, 2, "one copy is made ahead, however often prepare is called")

            let prepared = PreparedBuilder.take(key, make: make)
            XCTAssertEqual(count.made, 2, "the copy made ahead is taken, not a new one")
            XCTAssertNotEqual(prepared.raw, first.raw)
            let window = prepared.object("window", as: Window.self)
            XCTAssertFalse(window.isVisible, "a window made ahead is not shown until it is presented")

            _ = PreparedBuilder.take(key, make: make)
            XCTAssertEqual(count.made, 3, "a copy is taken once: the next take makes one")
            first.object("window", as: Window.self).destroy()
            window.destroy()
        }
    }
}
