#include "CShumateKit.h"
#include <shumate/shumate.h>

#define PIN_LAYER_KEY "steward-pin-layer"

gpointer sk_pin_map_new(void) {
    ShumateSimpleMap *map = shumate_simple_map_new();
    g_autoptr(ShumateMapSourceRegistry) registry = shumate_map_source_registry_new_with_defaults();
    ShumateMapSource *source = shumate_map_source_registry_get_by_id(registry, SHUMATE_MAP_SOURCE_OSM_MAPNIK);
    if (source != NULL) {
        shumate_simple_map_set_map_source(map, source);
    }
    ShumateMarkerLayer *layer = shumate_marker_layer_new(shumate_simple_map_get_viewport(map));
    shumate_simple_map_add_overlay_layer(map, SHUMATE_LAYER(layer));
    g_object_set_data(G_OBJECT(map), PIN_LAYER_KEY, layer);
    // The tile source's licence line is in English only; the caller shows the attribution
    // in the person's language instead.
    gtk_widget_set_visible(GTK_WIDGET(shumate_simple_map_get_license(map)), FALSE);
    return map;
}

static ShumateMarkerLayer *pin_layer(gpointer map) {
    return SHUMATE_MARKER_LAYER(g_object_get_data(G_OBJECT(map), PIN_LAYER_KEY));
}

void sk_pin_map_clear(gpointer map) {
    shumate_marker_layer_remove_all(pin_layer(map));
}

void sk_pin_map_add_pin(gpointer map, double latitude, double longitude, gpointer child) {
    ShumateMarker *marker = shumate_marker_new();
    shumate_location_set_location(SHUMATE_LOCATION(marker), latitude, longitude);
    shumate_marker_set_child(marker, GTK_WIDGET(child));
    shumate_marker_layer_add_marker(pin_layer(map), marker);
}

void sk_pin_map_go_to(gpointer map, double latitude, double longitude, double zoom) {
    ShumateViewport *viewport = shumate_simple_map_get_viewport(SHUMATE_SIMPLE_MAP(map));
    shumate_viewport_set_zoom_level(viewport, zoom);
    shumate_map_center_on(shumate_simple_map_get_map(SHUMATE_SIMPLE_MAP(map)), latitude, longitude);
}

gboolean sk_network_available(void) {
    return g_network_monitor_get_network_available(g_network_monitor_get_default());
}
