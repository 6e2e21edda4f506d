import CGstPbutils
import Foundation

/// The running time of an audio or video file, read by GStreamer's discoverer (the demuxers and
/// parsers of gstreamer1.0-plugins-base and -good: MP3, M4A, AAC, MP4). Linked by the console's
/// programs only, never the store. Nothing is decoded beyond what the parsers need.
public enum MediaDiscoverer {
    /// How long one file may take to be read before it is given up (a broken file must not hang
    /// an add): ten seconds, in nanoseconds.
    static let timeout: GstClockTime = 10_000_000_000

    private static let initialized: Bool = {
        var error: UnsafeMutablePointer<GError>?
        let done = gst_init_check(nil, nil, &error) != 0
        if error != nil { g_error_free(error) }
        return done
    }()

    /// Seconds, or nil when GStreamer cannot say (no plugin for the type, a broken file).
    public static func seconds(of file: URL) -> Double? {
        guard initialized else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(timeout, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        guard let uri = gst_filename_to_uri(file.path, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        defer { g_free(uri) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        if error != nil { g_error_free(error) }
        guard let info else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let nanoseconds = gst_discoverer_info_get_duration(info)
        // GST_CLOCK_TIME_NONE (all ones) is "unknown".
        guard nanoseconds != GstClockTime.max, nanoseconds > 0 else { return nil }
        return Double(nanoseconds) / 1_000_000_000
    }
}
