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

typedef struct {
    SkPinMapClicked callback;
    gpointer data;
    GDestroyNotify destroy;
    GtkWidget *map;
} ClickHandler;

static void click_handler_free(gpointer pointer, GClosure *closure) {
    ClickHandler *handler = pointer;
    if (handler->destroy != NULL) {
        handler->destroy(handler->data);
    }
    g_free(handler);
}

// A click (not a drag: the gesture gives up once the pointer moves) names the place under it.
static void map_clicked(GtkGestureClick *gesture, int n_press, double x, double y, gpointer pointer) {
    ClickHandler *handler = pointer;
    if (n_press != 1) {
        return;
    }
    ShumateViewport *viewport = shumate_simple_map_get_viewport(SHUMATE_SIMPLE_MAP(handler->map));
    GtkWidget *area = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
    double latitude = 0, longitude = 0;
    shumate_viewport_widget_coords_to_location(viewport, area, x, y, &latitude, &longitude);
    handler->callback(latitude, longitude, handler->data);
}

void sk_pin_map_on_click(gpointer map, SkPinMapClicked callback, gpointer data, GDestroyNotify destroy) {
    ClickHandler *handler = g_new0(ClickHandler, 1);
    handler->callback = callback;
    handler->data = data;
    handler->destroy = destroy;
    handler->map = GTK_WIDGET(map);
    GtkGesture *gesture = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), GDK_BUTTON_PRIMARY);
    g_signal_connect_data(gesture, "released", G_CALLBACK(map_clicked), handler, click_handler_free, 0);
    gtk_widget_add_controller(GTK_WIDGET(shumate_simple_map_get_map(SHUMATE_SIMPLE_MAP(map))), GTK_EVENT_CONTROLLER(gesture));
}

gboolean sk_network_available(void) {
    return g_network_monitor_get_network_available(g_network_monitor_get_default());
}

// The icon name of the image a button shows, or NULL.
static const char *shown_icon(GtkWidget *button) {
    for (GtkWidget *child = gtk_widget_get_first_child(button); child; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_IMAGE(child)) {
            return gtk_image_get_icon_name(GTK_IMAGE(child));
        }
    }
    return NULL;
}

static void name_zoom_buttons(GtkWidget *widget, const char *zoom_in, const char *zoom_out) {
    if (GTK_IS_BUTTON(widget)) {
        const char *icon = shown_icon(widget);
        const char *label = icon == NULL ? NULL
            : g_str_equal(icon, "zoom-in-symbolic") ? zoom_in
            : g_str_equal(icon, "zoom-out-symbolic") ? zoom_out : NULL;
        if (label != NULL) {
            gtk_widget_set_tooltip_text(widget, label);
            gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
        }
    }
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        name_zoom_buttons(child, zoom_in, zoom_out);
    }
}

void sk_pin_map_name_zoom_buttons(gpointer map, const char *zoom_in, const char *zoom_out) {
    name_zoom_buttons(GTK_WIDGET(map), zoom_in, zoom_out);
}
