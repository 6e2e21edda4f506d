// A map of pins over libshumate, behind plain functions: widgets travel as gpointer (the
// GtkWidget Swift holds), so this module's header needs nothing of GTK or libshumate.
#ifndef CSHUMATEKIT_H
#define CSHUMATEKIT_H

#include <glib.h>

G_BEGIN_DECLS

// A ShumateSimpleMap (zoom buttons, scale, licence) showing OpenStreetMap's tiles, fetched in
// the background by libsoup (nothing blocks; offline it shows an empty grid), with one layer
// of markers. Its own licence line (English only) is hidden: the caller shows OpenStreetMap's
// attribution in the person's language. Returns a floating GtkWidget reference.
gpointer sk_pin_map_new(void);
// Removes every pin.
void sk_pin_map_clear(gpointer map);
// A pin at (latitude, longitude) showing `child` (a GtkWidget) centred on the spot.
void sk_pin_map_add_pin(gpointer map, double latitude, double longitude, gpointer child);
// Centres the map on (latitude, longitude) at `zoom` (0 the world, 19 a street).
void sk_pin_map_go_to(gpointer map, double latitude, double longitude, double zoom);
// Names libshumate's zoom buttons (icons only; GTK 4.8 gives them no accessible name, and
// their English tooltips are not translated here): tooltip and accessible name.
void sk_pin_map_name_zoom_buttons(gpointer map, const char *zoom_in, const char *zoom_out);
// Called with the place a click on the map landed on (a drag moves the map instead).
typedef void (*SkPinMapClicked)(double latitude, double longitude, gpointer data);
// Calls `callback` with `data` at each click on the map; `destroy` frees `data` with the map.
void sk_pin_map_on_click(gpointer map, SkPinMapClicked callback, gpointer data, GDestroyNotify destroy);
// Whether the machine has a network (GNetworkMonitor): the map is worth showing.
gboolean sk_network_available(void);

G_END_DECLS

#endif
