#ifndef STEWARD_MEDIA_IMAGE_H
#define STEWARD_MEDIA_IMAGE_H

#include <gdk-pixbuf/gdk-pixbuf.h>

/// What steward_media_image_decode found.
typedef enum {
    STEWARD_IMAGE_DECODED = 0,
    /// The header announced more pixels than allowed: nothing past it was decoded.
    STEWARD_IMAGE_TOO_LARGE = 1,
    /// No loader for the type, or the bytes do not decode (message in *error).
    STEWARD_IMAGE_UNREADABLE = 2,
} StewardImageOutcome;

/// Decodes `length` bytes of an image of MIME type `mime` (sniffed from the bytes, never
/// guessed by gdk-pixbuf, so an SVG never reaches a loader). `*width` and `*height` get the
/// size the header announces; over `max_pixels`, decoding stops there and STEWARD_IMAGE_TOO_LARGE
/// is returned. On success `*pixbuf` holds the first frame (a new reference), with its
/// embedded EXIF orientation already applied.
StewardImageOutcome steward_media_image_decode(const guint8 *data, gsize length, const char *mime,
                                               gint64 max_pixels, int *width, int *height,
                                               GdkPixbuf **pixbuf, char **error);

/// Encodes `pixbuf` as "jpeg" (quality 85) or "png" with no option but the quality, so no
/// metadata is written. The buffer is g_free'd by the caller.
gboolean steward_media_image_encode(GdkPixbuf *pixbuf, const char *format, gchar **buffer, gsize *size, char **error);

#endif
