import CGtk

/// A GdkTexture: decoded pixels ready for the GPU, shown by `Image.setTexture`.
@MainActor
public final class Texture: ObjectRef {
    override public class var gType: GType { gdk_texture_get_type() }

    public var width: Int { Int(gdk_texture_get_width(opaque)) }
    public var height: Int { Int(gdk_texture_get_height(opaque)) }
}

extension Image {
    /// Shows `texture` (scaled into the image's pixel size, keeping its shape) instead of an icon.
    public func setTexture(_ texture: Texture?) {
        gtk_image_set_from_paintable(opaque, texture.map { OpaquePointer($0.raw) })
    }

    /// An image without icon or picture yet, `pixelSize` pixels square.
    public convenience init(pixelSize: Int) {
        self.init(owning: UnsafeMutableRawPointer(gtk_image_new()))
        self.pixelSize = pixelSize
    }
}
