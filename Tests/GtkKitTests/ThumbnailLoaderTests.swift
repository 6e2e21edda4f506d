import CGtk
import Foundation
import GtkKit
import XCTest

/// Thumbnails are decoded at the size asked, off the main thread, handed back on it, and kept
/// in a cache that a changed file or a full cache gets past.
final class ThumbnailLoaderTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    private var folder: String!

    override func setUp() {
        folder = NSTemporaryDirectory() + "thumbnails-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A PNG of one colour, `width` × `height`.
    private func png(_ name: String, width: Int32, height: Int32) -> String {
        let path = folder + "/" + name
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
        gdk_pixbuf_fill(pixbuf, 0x3584e4ff)
        var error: UnsafeMutablePointer<GError>?
        XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error), 0)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return path
    }

    @MainActor
    private static func load(_ loader: ThumbnailLoader, _ path: String, size: Int) -> (Texture?, onMain: Bool) {
        var result: (Texture?, Bool)?
        loader.load(path: path, size: size) { texture in result = (texture, Thread.isMainThread) }
        XCTAssertTrue(Gtk.iterate(until: { result != nil }, timeout: 10), "the thumbnail never came")
        return result ?? (nil, false)
    }

    func testScaledKeepingShapeAndCached() throws {
        let path = png("wide.png", width: 400, height: 200)
        onMain {
            let loader = ThumbnailLoader(capacity: 4)
            XCTAssertNil(loader.cached(path: path, size: 64), "nothing is cached before a load")
            let (texture, onMain) = Self.load(loader, path, size: 64)
            XCTAssertTrue(onMain, "the texture is handed over on the main thread")
            XCTAssertEqual(texture?.width, 64)
            XCTAssertEqual(texture?.height, 32)
            XCTAssertTrue(loader.cached(path: path, size: 64) === texture, "the same texture comes from the cache")
            XCTAssertNil(loader.cached(path: path, size: 32), "another size is another thumbnail")
        }
    }

    func testChangedFileIsReadAgain() throws {
        let path = png("photo.png", width: 400, height: 200)
        let loader = onMain {
            let loader = ThumbnailLoader(capacity: 4)
            _ = Self.load(loader, path, size: 64)
            return loader
        }
        // A square picture now, with a later modification time: the cached one is of the old picture.
        _ = png("photo.png", width: 100, height: 100)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        onMain {
            XCTAssertNil(loader.cached(path: path, size: 64))
            let (texture, _) = Self.load(loader, path, size: 64)
            XCTAssertEqual(texture?.width, 64)
            XCTAssertEqual(texture?.height, 64)
        }
    }

    func testLeastRecentlyUsedLeavesAFullCache() throws {
        let first = png("a.png", width: 40, height: 40)
        let second = png("b.png", width: 40, height: 40)
        let third = png("c.png", width: 40, height: 40)
        onMain {
            let loader = ThumbnailLoader(capacity: 2)
            _ = Self.load(loader, first, size: 16)
            _ = Self.load(loader, second, size: 16)
            XCTAssertNotNil(loader.cached(path: first, size: 16), "used again: now the most recent")
            _ = Self.load(loader, third, size: 16)
            XCTAssertNil(loader.cached(path: second, size: 16), "the least recently used left")
            XCTAssertNotNil(loader.cached(path: first, size: 16))
            XCTAssertNotNil(loader.cached(path: third, size: 16))
        }
    }

    func testMissingOrUnreadableFileGivesNothing() throws {
        let notImage = folder + "/notes.png"
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: notImage))
        let missing = folder + "/gone.png"
        onMain {
            let loader = ThumbnailLoader(capacity: 2)
            var answered = false
            loader.load(path: missing, size: 16) { texture in
                XCTAssertNil(texture)
                answered = true
            }
            XCTAssertTrue(answered, "a missing file is answered at once")
            XCTAssertNil(Self.load(loader, notImage, size: 16).0)
        }
    }
}
