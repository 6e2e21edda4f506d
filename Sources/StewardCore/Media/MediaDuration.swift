import Foundation

/// The running time of an audio or video file. StewardCore is linked by the store too, which
/// must not need GStreamer: the console's programs give the library their reader
/// (`MediaDiscoverer.seconds(of:)` in StewardMediaDuration); without one it is unknown.
public enum MediaDuration {
    public static func unknown(_ file: URL) -> Double? {
        nil
    }
}
