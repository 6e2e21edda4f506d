import Foundation

/// One encoded image the store serves: the full size or a rendition.
public struct EncodedImage: Sendable, Hashable {
    public var data: Data
    public var type: MediaType
    public var width: Int
    public var height: Int

    public init(data: Data, type: MediaType, width: Int, height: Int) {
        self.data = data
        self.type = type
        self.width = width
        self.height = height
    }
}

/// The sizes an image is served in. Names are part of the public addresses
/// (`/media/{token}/thumb.jpg`); never rename one.
public enum ImageRendition: String, Sendable, CaseIterable {
    /// Fits in a 320 px square: grids and lists.
    case thumb
    /// 1280 px wide: phone and web pages.
    case w1280

    /// The box the rendition fits in (width, height); images smaller than it are not enlarged.
    public var box: (width: Int, height: Int) {
        switch self {
        case .thumb: (320, 320)
        case .w1280: (1280, Int.max)
        }
    }
}

/// An image as the store keeps it: decoded and re-encoded, so none of what the camera or the
/// editor wrote beside the pixels (EXIF with GPS position, XMP, comments, thumbnails) remains.
public struct CleanedImage: Sendable {
    /// The full size, orientation applied.
    public var full: EncodedImage
    /// Each rendition smaller than the full size; a rendition absent here is served as the full size.
    public var renditions: [ImageRendition: EncodedImage]
}
