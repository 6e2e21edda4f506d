import CGdkPixbuf
import CMediaImage
import Foundation

/// Decodes an image with gdk-pixbuf, applies its EXIF orientation and encodes it again as JPEG
/// (PNG when it has transparency) with no metadata, plus the renditions the apps show.
///
/// Only types sniffed from the content reach gdk-pixbuf, each through the loader of that type
/// (never SVG, which gdk-pixbuf would hand to librsvg); the header's size is checked before the
/// pixels are decoded.
public enum ImageCleaner {
    public static func clean(_ data: Data, type: MediaType, limits: MediaLimits = .standard) throws(MediaRefusal) -> CleanedImage {
        guard type.kind == .image else { throw .notAccepted(sniffed: type.contentType) }
        let decoded = try decode(data, type: type, maxPixels: limits.imagePixels)
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let format: MediaType = gdk_pixbuf_get_has_alpha(decoded) != 0 ? .png : .jpeg
        let full = try encode(decoded, as: format, source: type)
        var renditions: [ImageRendition: EncodedImage] = [:]
        for rendition in ImageRendition.allCases {
            guard let scaled = scale(decoded, toFit: rendition.box) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
            renditions[rendition] = try encode(scaled, as: format, source: type)
        }
        return CleanedImage(full: full, renditions: renditions)
    }

    private static func decode(_ data: Data, type: MediaType, maxPixels: Int64) throws(MediaRefusal) -> OpaquePointer {
        var width: Int32 = 0
        var height: Int32 = 0
        var pixbuf: OpaquePointer?
        var message: UnsafeMutablePointer<CChar>?
        let outcome = data.withUnsafeBytes { raw in
            steward_media_image_decode(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), type.contentType,
                                       gint64(maxPixels), &width, &height, &pixbuf, &message)
        }
        let reason = message.map { String(cString: $0) } ?? "unknown error"
        g_free(message)
        switch outcome {
        case STEWARD_IMAGE_DECODED:
            if let pixbuf { return pixbuf }
            throw .unreadableImage(type: type, reason: reason)
        case STEWARD_IMAGE_TOO_LARGE:
            throw .tooManyPixels(width: Int(width), height: Int(height), limit: maxPixels)
        default:
            throw .unreadableImage(type: type, reason: reason)
        }
    }

    /// A scaled copy fitting in `box`, or nil when the image fits already (never enlarged).
    private static func scale(_ pixbuf: OpaquePointer, toFit box: (width: Int, height: Int)) -> OpaquePointer? {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        guard width > box.width || height > box.height else { return nil }
        let factor = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        return gdk_pixbuf_scale_simple(pixbuf, Int32(newWidth), Int32(newHeight), GDK_INTERP_HYPER)
    }

    private static func encode(_ pixbuf: OpaquePointer, as format: MediaType, source: MediaType) throws(MediaRefusal) -> EncodedImage {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var message: UnsafeMutablePointer<CChar>?
        let name = format == .png ? "png" : "jpeg"
        guard steward_media_image_encode(pixbuf, name, &buffer, &size, &message) != 0, let buffer else {
            let reason = message.map { String(cString: $0) } ?? "could not encode"
            g_free(message)
            throw .unreadableImage(type: source, reason: reason)
        }
        defer { g_free(buffer) }
        let data = Data(bytes: buffer, count: Int(size))
        return EncodedImage(data: data, type: format, width: Int(gdk_pixbuf_get_width(pixbuf)),
                            height: Int(gdk_pixbuf_get_height(pixbuf)))
    }
}
