// The C surface of GTK 4.8 + libadwaita 1.2 as Swift sees it, plus small inline wrappers for
// what does not import: function-like macros (G_CALLBACK, GTK_WIDGET...), variadic functions
// (gtk_accessible_update_property) and the two libdispatch hooks that let GLib drive the
// Swift main actor. Everything here is a one-liner; logic belongs in CGtkKit or GtkKit.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>
#include <unistd.h>
#include <stdint.h>

// MARK: libdispatch main queue (what CoreFoundation's run loop uses on Linux)

// An eventfd that becomes readable whenever work is enqueued on the main dispatch queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
// Drains the main dispatch queue (and with it the Swift main actor's jobs). Argument unused.
extern void _dispatch_main_queue_callback_4CF(void *msg);

// MARK: signals

// g_signal_connect is a macro over this; the handler is taken as an untyped function pointer
// so one Swift thunk per C signature can be passed without per-signal casts.
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal,
                                         const void *handler, gpointer data,
                                         GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, (GCallback)handler, data, destroy, 0);
}

static inline gulong cgtk_signal_connect_after(gpointer instance, const char *signal,
                                               const void *handler, gpointer data,
                                               GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, (GCallback)handler, data, destroy,
                                 G_CONNECT_AFTER);
}

// Emits a signal that takes no arguments and returns nothing ("clicked", "activate").
static inline void cgtk_signal_emit_void(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

// Emits a signal with one guint argument ("activate" on list and column views).
static inline void cgtk_signal_emit_uint(gpointer instance, const char *signal, guint value) {
    g_signal_emit_by_name(instance, signal, value);
}

// MARK: accessibility (gtk_accessible_update_property is variadic)

static inline void cgtk_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void cgtk_accessible_set_description(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

// GTK_ACCESSIBLE_STATE_INVALID: true while a field holds a value that will be refused.
static inline void cgtk_accessible_set_invalid(gpointer widget, gboolean invalid) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

// Points a relation that holds a list (described-by, labelled-by...) at up to four other
// widgets, or clears it when there are none. The variadic call takes a list as references
// ended by NULL.
static inline void cgtk_accessible_set_relation_list(gpointer widget, GtkAccessibleRelation relation,
                                                     gpointer *targets, int count) {
    GtkAccessible *self = GTK_ACCESSIBLE(widget);
    switch (count <= 0 ? 0 : count) {
    case 0: gtk_accessible_reset_relation(self, relation); break;
    case 1: gtk_accessible_update_relation(self, relation, targets[0], NULL, -1); break;
    case 2: gtk_accessible_update_relation(self, relation, targets[0], targets[1], NULL, -1); break;
    case 3: gtk_accessible_update_relation(self, relation, targets[0], targets[1], targets[2], NULL, -1); break;
    default:
        gtk_accessible_update_relation(self, relation, targets[0], targets[1], targets[2], targets[3], NULL, -1);
        break;
    }
}

// Points a relation that holds one widget (error-message, active-descendant) at `target`, or
// clears it when it is NULL.
static inline void cgtk_accessible_set_relation_one(gpointer widget, GtkAccessibleRelation relation,
                                                    gpointer target) {
    if (target == NULL) {
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), relation);
        return;
    }
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), relation, target, -1);
}

// MARK: type checks (G_TYPE_CHECK_INSTANCE_TYPE is a macro)

static inline gboolean cgtk_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

static inline const char *cgtk_type_name_of(gpointer instance) {
    return instance ? G_OBJECT_TYPE_NAME(instance) : "(null)";
}

// Fundamental GType constants are macros too.
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }

// MARK: misc macros

static inline guint cgtk_invalid_list_position(void) { return GTK_INVALID_LIST_POSITION; }

#endif
