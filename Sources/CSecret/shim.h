// libsecret, for keeping staff tokens in the desktop keyring (the Secret Service on the session
// bus). Its password functions are variadic (attribute name/value pairs ending in NULL), which
// Swift cannot call: these wrappers fix Steward's schema and attributes.
#include <libsecret/secret.h>

// One item per console installation and organization.
static inline const SecretSchema *steward_secret_schema(void) {
    static const SecretSchema schema = {
        "org.steward.Steward.StaffSession", SECRET_SCHEMA_NONE,
        {
            { "installation", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "organization", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

// An organization's API token (`stewardctl remote set`), one per console installation and
// organization: a schema of its own, so it never overwrites or is read as a staff sign-in.
static inline const SecretSchema *steward_api_token_schema(void) {
    static const SecretSchema schema = {
        "org.steward.Steward.APIToken", SECRET_SCHEMA_NONE,
        {
            { "installation", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "organization", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

static inline gboolean steward_secret_store_in(const SecretSchema *schema, const char *installation,
                                               const char *organization, const char *label,
                                               const char *secret, GError **error) {
    return secret_password_store_sync(schema, SECRET_COLLECTION_DEFAULT, label, secret,
                                      NULL, error, "installation", installation,
                                      "organization", organization, NULL);
}

// The secret (free it with secret_password_free), or NULL: not found when *error stays NULL.
static inline gchar *steward_secret_lookup_in(const SecretSchema *schema, const char *installation,
                                              const char *organization, GError **error) {
    return secret_password_lookup_sync(schema, NULL, error, "installation", installation,
                                       "organization", organization, NULL);
}

static inline gboolean steward_secret_clear_in(const SecretSchema *schema, const char *installation,
                                               const char *organization, GError **error) {
    return secret_password_clear_sync(schema, NULL, error, "installation", installation,
                                      "organization", organization, NULL);
}

static inline gboolean steward_secret_store(const char *installation, const char *organization,
                                            const char *label, const char *secret, GError **error) {
    return steward_secret_store_in(steward_secret_schema(), installation, organization, label, secret, error);
}

static inline gchar *steward_secret_lookup(const char *installation, const char *organization, GError **error) {
    return steward_secret_lookup_in(steward_secret_schema(), installation, organization, error);
}

static inline gboolean steward_secret_clear(const char *installation, const char *organization, GError **error) {
    return steward_secret_clear_in(steward_secret_schema(), installation, organization, error);
}

// Whether a Secret Service answers on the session bus: opening a session is a round trip to it.
static inline gboolean steward_secret_service_answers(GError **error) {
    SecretService *service = secret_service_get_sync(SECRET_SERVICE_OPEN_SESSION, NULL, error);
    if (service == NULL) return FALSE;
    g_object_unref(service);
    return TRUE;
}
