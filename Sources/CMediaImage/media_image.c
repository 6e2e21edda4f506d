#include "media_image.h"
#include <string.h>

typedef struct {
    gint64 max_pixels;
    int width;
    int height;
    gboolean too_large;
} SizeCheck;

/// The loader announces the size once the header is read, before any pixel is decoded: an
/// image bomb (a small file that expands to gigabytes) is refused here.
static void on_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    SizeCheck *check = data;
    check->width = width;
    check->height = height;
    if ((gint64)width * (gint64)height > check->max_pixels || width <= 0 || height <= 0) {
        check->too_large = TRUE;
        // A 1x1 target keeps the loader from allocating the full image while it finishes.
        gdk_pixbuf_loader_set_size(loader, 1, 1);
    }
}

static void take_error(GError *failure, char **error, const char *fallback) {
    if (error) *error = g_strdup(failure ? failure->message : fallback);
    if (failure) g_error_free(failure);
}

StewardImageOutcome steward_media_image_decode(const guint8 *data, gsize length, const char *mime,
                                               gint64 max_pixels, int *width, int *height,
                                               GdkPixbuf **pixbuf, char **error) {
    GError *failure = NULL;
    *pixbuf = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_mime_type(mime, &failure);
    if (!loader) {
        take_error(failure, error, "no image loader for this type");
        return STEWARD_IMAGE_UNREADABLE;
    }
    SizeCheck check = { max_pixels, 0, 0, FALSE };
    g_signal_connect(loader, "size-prepared", G_CALLBACK(on_size_prepared), &check);
    // In slices, so a bomb stops being fed as soon as its header is read.
    const gsize slice = 64 * 1024;
    gsize offset = 0;
    gboolean ok = TRUE;
    while (offset < length && !check.too_large) {
        gsize count = length - offset < slice ? length - offset : slice;
        if (!gdk_pixbuf_loader_write(loader, data + offset, count, &failure)) { ok = FALSE; break; }
        offset += count;
    }
    GError *closing = NULL;
    gboolean closed = gdk_pixbuf_loader_close(loader, ok ? &closing : NULL);
    *width = check.width;
    *height = check.height;
    if (check.too_large) {
        if (failure) g_error_free(failure);
        if (closing) g_error_free(closing);
        g_object_unref(loader);
        return STEWARD_IMAGE_TOO_LARGE;
    }
    if (!ok || !closed) {
        take_error(failure ? failure : closing, error, "the image does not decode");
        if (failure && closing) g_error_free(closing);
        g_object_unref(loader);
        return STEWARD_IMAGE_UNREADABLE;
    }
    GdkPixbuf *decoded = gdk_pixbuf_loader_get_pixbuf(loader);
    if (!decoded) {
        take_error(NULL, error, "the image does not decode");
        g_object_unref(loader);
        return STEWARD_IMAGE_UNREADABLE;
    }
    // A camera stores the picture as its sensor saw it plus an Orientation tag; apply the tag
    // now, since the tag itself is not written back.
    *pixbuf = gdk_pixbuf_apply_embedded_orientation(decoded);
    g_object_unref(loader);
    return *pixbuf ? STEWARD_IMAGE_DECODED : STEWARD_IMAGE_UNREADABLE;
}

gboolean steward_media_image_encode(GdkPixbuf *pixbuf, const char *format, gchar **buffer, gsize *size, char **error) {
    GError *failure = NULL;
    char *keys[2] = { NULL, NULL };
    char *values[2] = { NULL, NULL };
    if (strcmp(format, "jpeg") == 0) {
        keys[0] = "quality";
        values[0] = "85";
    }
    if (!gdk_pixbuf_save_to_bufferv(pixbuf, buffer, size, format, keys, values, &failure)) {
        take_error(failure, error, "the image could not be encoded");
        return FALSE;
    }
    return TRUE;
}
