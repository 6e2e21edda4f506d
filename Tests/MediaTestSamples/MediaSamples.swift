import CGdkPixbuf
import Foundation

/// Files as staff would add them, made in the test rather than shipped: images encoded with
/// gdk-pixbuf, and the heads of other types as their formats begin.
public enum MediaSamples {
    /// A JPEG of `width`×`height`, a gradient (so it is not all one colour), with no metadata.
    public static func jpeg(width: Int, height: Int) -> Data {
        encode(pixbuf(width: width, height: height, alpha: false), format: "jpeg")
    }

    /// A PNG; with `alpha`, half transparent.
    public static func png(width: Int, height: Int, alpha: Bool = false) -> Data {
        encode(pixbuf(width: width, height: height, alpha: alpha), format: "png")
    }

    /// The GPS latitude text spliced into `jpegWithExif`: its bytes must not survive cleaning.
    public static let gpsMarker = Data("GPSSECRET48N".utf8)
    /// The comment spliced in the same way.
    public static let commentMarker = Data("staff-only comment: taken at Sam's house".utf8)

    /// A JPEG as a phone writes it: an APP1 Exif segment with an Orientation tag (6: the camera
    /// was turned, the picture must be rotated 90° clockwise to show) and a GPS IFD (latitude
    /// reference, latitude, and an ASCII tag carrying `gpsMarker`), plus a COM comment segment.
    public static func jpegWithExif(width: Int, height: Int) -> Data {
        let plain = jpeg(width: width, height: height)
        var tiff = Data()
        // Little-endian TIFF header; IFD0 at offset 8.
        tiff += [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        // IFD0: 2 entries (Orientation, GPSInfo pointer), then the next-IFD offset 0.
        let ifd0Size = 2 + 2 * 12 + 4
        let gpsOffset = 8 + ifd0Size
        tiff += le16(2)
        tiff += le16(0x0112) + le16(3) + le32(1) + le16(6) + le16(0)
        tiff += le16(0x8825) + le16(4) + le32(1) + le32(UInt32(gpsOffset))
        tiff += le32(0)
        // GPS IFD: LatitudeRef "N", Latitude 48/1 51/1 0/1, and an ASCII tag (MapDatum, 0x0012)
        // with the marker.
        let gpsEntries = 3
        let gpsSize = 2 + gpsEntries * 12 + 4
        let rationalOffset = gpsOffset + gpsSize
        let markerOffset = rationalOffset + 24
        tiff += le16(UInt16(gpsEntries))
        tiff += le16(0x0001) + le16(2) + le32(2) + Data([0x4E, 0x00, 0x00, 0x00])
        tiff += le16(0x0002) + le16(5) + le32(3) + le32(UInt32(rationalOffset))
        tiff += le16(0x0012) + le16(2) + le32(UInt32(gpsMarker.count + 1)) + le32(UInt32(markerOffset))
        tiff += le32(0)
        tiff += le32(48) + le32(1) + le32(51) + le32(1) + le32(0) + le32(1)
        tiff += gpsMarker + Data([0])
        var app1 = Data("Exif".utf8) + Data([0, 0]) + tiff
        app1 = Data([0xFF, 0xE1]) + be16(UInt16(app1.count + 2)) + app1
        let comment = Data([0xFF, 0xFE]) + be16(UInt16(commentMarker.count + 2)) + commentMarker
        // Right after SOI (FF D8), where cameras put them.
        return plain.prefix(2) + app1 + comment + plain.dropFirst(2)
    }

    /// The head of an MP3 as most are: an ID3v2.3 tag, then MPEG-1 Layer III frames (silence).
    public static func mp3(frames: Int = 40) -> Data {
        var data = Data("ID3".utf8) + Data([0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
        // 128 kbit/s, 44.1 kHz, no padding: 417 bytes a frame.
        let frame = Data([0xFF, 0xFB, 0x90, 0x64]) + Data(repeating: 0, count: 413)
        for _ in 0..<frames { data += frame }
        return data
    }

    /// A one-page PDF.
    public static let pdf = Data("""
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
        trailer << /Root 1 0 R >>
        %%EOF

        """.utf8)

    /// An SVG with a script, as a hostile upload would be.
    public static let svg = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>

        """.utf8)

    /// The first bytes of a real program of this machine (an ELF executable).
    public static func program() -> Data {
        let handle = FileHandle(forReadingAtPath: "/bin/true") ?? FileHandle(forReadingAtPath: "/usr/bin/true")!
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16 * 1024)) ?? Data()
    }

    /// Whether `data` contains `needle` anywhere.
    public static func contains(_ data: Data, _ needle: Data) -> Bool {
        data.range(of: needle) != nil
    }

    private static func pixbuf(width: Int, height: Int, alpha: Bool) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = alpha ? 4 : 3
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let at = y * stride + x * channels
                pixels[at] = UInt8(x * 255 / max(1, width - 1))
                pixels[at + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[at + 2] = 128
                if alpha { pixels[at + 3] = x < width / 2 ? 0 : 255 }
            }
        }
        return pixbuf
    }

    private static func encode(_ pixbuf: OpaquePointer, format: String) -> Data {
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = [nil]
        var values: [UnsafeMutablePointer<CChar>?] = [nil]
        let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, &keys, &values, nil)
        precondition(saved != 0, "gdk-pixbuf could not encode the sample")
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    private static func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private static func be16(_ value: UInt16) -> Data { Data([UInt8(value >> 8), UInt8(value & 0xFF)]) }
    private static func le32(_ value: UInt32) -> Data {
        Data([UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }
}
