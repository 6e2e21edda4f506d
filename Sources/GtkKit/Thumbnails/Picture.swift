import CGtk

/// GtkPicture: a texture shown at the widget's size, its shape kept (a wide banner across a
/// card), where `Image` shows one in an icon's square.
@MainActor
public final class Picture: Widget {
    override public class var gType: GType { gtk_picture_get_type() }

    /// Shows `texture`; nil: nothing.
    public func setTexture(_ texture: Texture?) {
        gtk_picture_set_paintable(opaque, texture.map { OpaquePointer($0.raw) })
    }
}
