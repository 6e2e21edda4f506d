// GkKeyItem and GkKeyListModel; see CGtkKit.h for the contract.
#include "CGtkKit.h"
#include <string.h>

// MARK: GkKeyItem

struct _GkKeyItem {
    GObject parent_instance;
    int64_t key;
};

G_DEFINE_FINAL_TYPE(GkKeyItem, gk_key_item, G_TYPE_OBJECT)

static void gk_key_item_class_init(GkKeyItemClass *klass) { (void)klass; }
static void gk_key_item_init(GkKeyItem *self) { self->key = 0; }

GkKeyItem *gk_key_item_new(int64_t key) {
    GkKeyItem *item = g_object_new(GK_TYPE_KEY_ITEM, NULL);
    item->key = key;
    return item;
}

int64_t gk_key_item_get_key(GkKeyItem *item) {
    g_return_val_if_fail(GK_IS_KEY_ITEM(item), 0);
    return item->key;
}

gboolean gk_key_item_try_get_key(gpointer object, int64_t *key) {
    if (object == NULL || !GK_IS_KEY_ITEM(object)) return FALSE;
    if (key) *key = ((GkKeyItem *)object)->key;
    return TRUE;
}

// MARK: GkKeyListModel

struct _GkKeyListModel {
    GObject parent_instance;
    int64_t *keys;
    guint n_keys;
};

static void gk_key_list_model_iface_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(GkKeyListModel, gk_key_list_model, G_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, gk_key_list_model_iface_init))

static GType gk_key_list_model_get_item_type(GListModel *model) {
    (void)model;
    return GK_TYPE_KEY_ITEM;
}

static guint gk_key_list_model_get_n_items(GListModel *model) {
    return GK_KEY_LIST_MODEL(model)->n_keys;
}

static gpointer gk_key_list_model_get_item(GListModel *model, guint position) {
    GkKeyListModel *self = GK_KEY_LIST_MODEL(model);
    if (position >= self->n_keys) return NULL;
    return gk_key_item_new(self->keys[position]);
}

static void gk_key_list_model_iface_init(GListModelInterface *iface) {
    iface->get_item_type = gk_key_list_model_get_item_type;
    iface->get_n_items = gk_key_list_model_get_n_items;
    iface->get_item = gk_key_list_model_get_item;
}

static void gk_key_list_model_finalize(GObject *object) {
    GkKeyListModel *self = GK_KEY_LIST_MODEL(object);
    g_free(self->keys);
    G_OBJECT_CLASS(gk_key_list_model_parent_class)->finalize(object);
}

static void gk_key_list_model_class_init(GkKeyListModelClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = gk_key_list_model_finalize;
}

static void gk_key_list_model_init(GkKeyListModel *self) {
    self->keys = NULL;
    self->n_keys = 0;
}

GkKeyListModel *gk_key_list_model_new(void) {
    return g_object_new(GK_TYPE_KEY_LIST_MODEL, NULL);
}

void gk_key_list_model_set_keys(GkKeyListModel *self, const int64_t *keys, guint n) {
    g_return_if_fail(GK_IS_KEY_LIST_MODEL(self));
    g_return_if_fail(keys != NULL || n == 0);
    guint old = self->n_keys;
    int64_t *copy = n ? g_memdup2(keys, (gsize)n * sizeof(int64_t)) : NULL;
    g_free(self->keys);
    self->keys = copy;
    self->n_keys = n;
    if (old != 0 || n != 0)
        g_list_model_items_changed(G_LIST_MODEL(self), 0, old, n);
}

guint gk_key_list_model_get_count(GkKeyListModel *self) {
    g_return_val_if_fail(GK_IS_KEY_LIST_MODEL(self), 0);
    return self->n_keys;
}

gboolean gk_key_list_model_get_key(GkKeyListModel *self, guint position, int64_t *key) {
    g_return_val_if_fail(GK_IS_KEY_LIST_MODEL(self), FALSE);
    if (position >= self->n_keys) return FALSE;
    if (key) *key = self->keys[position];
    return TRUE;
}

guint gk_key_list_model_find(GkKeyListModel *self, int64_t key) {
    g_return_val_if_fail(GK_IS_KEY_LIST_MODEL(self), G_MAXUINT);
    for (guint i = 0; i < self->n_keys; i++)
        if (self->keys[i] == key) return i;
    return G_MAXUINT;
}
