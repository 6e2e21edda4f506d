import CGtk
import Foundation

/// Small pictures of image files for lists and grids: each file is decoded already scaled to
/// the size asked (gdk-pixbuf's `new_from_file_at_scale`, so a 12-megapixel photo never sits
/// whole in memory) on a background thread, and handed back as a texture on the main thread.
/// The last `capacity` thumbnails are kept, keyed by path, size and the file's modification
/// time, so a row scrolled back into view shows at once and a changed file is read again.
@MainActor
public final class ThumbnailLoader {
    /// One loader for the whole application: the cache is shared by every page.
    public static let shared = ThumbnailLoader(capacity: 400)

    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: TimeInterval
    }

    /// A decoded GdkPixbuf crossing from the decoding thread to the main thread; nobody else
    /// holds it meanwhile.
    private struct DecodedPixbuf: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let capacity: Int
    private var cache: [Key: Texture] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []
    /// Callers waiting for a file being decoded: a file asked for twice is decoded once.
    private var waiting: [Key: [@MainActor (Texture?) -> Void]] = [:]

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The thumbnail of the image at `path`, at most `size` pixels wide and high, when it is
    /// in the cache already; nil otherwise (or when the file is gone).
    public func cached(path: String, size: Int) -> Texture? {
        guard let key = Self.key(path: path, size: size), let texture = cache[key] else { return nil }
        touch(key)
        return texture
    }

    /// Calls `done` on the main thread with the thumbnail of the image at `path` (nil when the
    /// file is missing or is no image gdk-pixbuf reads): at once from the cache, else once it
    /// has been decoded off the main thread.
    public func load(path: String, size: Int, _ done: @escaping @MainActor (Texture?) -> Void) {
        guard let key = Self.key(path: path, size: size) else { done(nil); return }
        if let texture = cache[key] {
            touch(key)
            done(texture)
            return
        }
        if waiting[key] != nil {
            waiting[key]?.append(done)
            return
        }
        waiting[key] = [done]
        Task.detached(priority: .utility) {
            let decoded = Self.decode(path: path, size: size)
            await MainActor.run { self.finish(key, decoded) }
        }
    }

    private func finish(_ key: Key, _ decoded: DecodedPixbuf?) {
        var texture: Texture?
        if let decoded {
            texture = Texture(owning: UnsafeMutableRawPointer(gdk_texture_new_for_pixbuf(decoded.pointer)))
            g_object_unref(UnsafeMutableRawPointer(decoded.pointer))
        }
        if let texture {
            cache[key] = texture
            touch(key)
            while order.count > capacity { cache[order.removeFirst()] = nil }
        }
        for done in waiting.removeValue(forKey: key) ?? [] { done(texture) }
    }

    private func touch(_ key: Key) {
        if let index = order.lastIndex(of: key) { order.remove(at: index) }
        order.append(key)
    }

    private nonisolated static func decode(path: String, size: Int) -> DecodedPixbuf? {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, Int32(size), Int32(size), 1, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        return DecodedPixbuf(pointer: pixbuf)
    }

    private static func key(path: String, size: Int) -> Key? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
        return Key(path: path, size: size, modified: modified)
    }
}
