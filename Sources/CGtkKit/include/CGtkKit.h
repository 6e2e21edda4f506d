// GObject classes GtkKit needs that are simpler to write in C than to register from Swift.
#ifndef CGTKKIT_H
#define CGTKKIT_H

#include <glib-object.h>
#include <gio/gio.h>
#include <stdint.h>

G_BEGIN_DECLS

// MARK: GkKeyItem: the item a GkKeyListModel hands out, a GObject carrying one int64 key.

#define GK_TYPE_KEY_ITEM (gk_key_item_get_type())
G_DECLARE_FINAL_TYPE(GkKeyItem, gk_key_item, GK, KEY_ITEM, GObject)

GkKeyItem *gk_key_item_new(int64_t key);
int64_t gk_key_item_get_key(GkKeyItem *item);
// TRUE and *key set if `object` is a GkKeyItem; FALSE for anything else (including NULL).
gboolean gk_key_item_try_get_key(gpointer object, int64_t *key);

// MARK: GkKeyListModel: a GListModel over a contiguous array of int64 keys.
// Items are created on demand in get_item, so 100k rows cost 800 KB, not 100k GObjects.

#define GK_TYPE_KEY_LIST_MODEL (gk_key_list_model_get_type())
G_DECLARE_FINAL_TYPE(GkKeyListModel, gk_key_list_model, GK, KEY_LIST_MODEL, GObject)

GkKeyListModel *gk_key_list_model_new(void);
// Copies `keys` and emits a single items-changed (0, old count, n); nothing if both are 0.
void gk_key_list_model_set_keys(GkKeyListModel *self, const int64_t *keys, guint n);
guint gk_key_list_model_get_count(GkKeyListModel *self);
// TRUE and *key set if position < count.
gboolean gk_key_list_model_get_key(GkKeyListModel *self, guint position, int64_t *key);
// Position of the first occurrence of key, or G_MAXUINT (GTK_INVALID_LIST_POSITION).
guint gk_key_list_model_find(GkKeyListModel *self, int64_t key);

G_END_DECLS

#endif
