#ifndef STEWARD_CCURL_SHIM_H
#define STEWARD_CCURL_SHIM_H
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, so Swift cannot call them; these typed
// helpers take one argument type each.
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
// CURLOPT_XFERINFOFUNCTION: called during the transfer; a non-zero return aborts it.
typedef int (*ccurl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode ccurl_setopt_progress_callback(CURL *handle, ccurl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
// CURLOPT_PREREQFUNCTION: called once connected, before the request goes out, with the address
// really connected to (after any DNS answer); CURL_PREREQFUNC_ABORT stops the transfer.
typedef int (*ccurl_prereq_callback)(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);
static inline CURLcode ccurl_setopt_prereq_callback(CURL *handle, ccurl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
// Trust only the CA certificates in `path` (PEM) for the server's certificate: CAINFO names the
// file, and the compiled-in CAPATH (the system's CAs) is turned off, or every public CA would be
// trusted too. Peer and host-name checks stay on.
static inline CURLcode ccurl_trust_only_ca_file(CURL *handle, const char *path) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_CAINFO, path);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_CAPATH, (char *)NULL);
}
// CURL_GLOBAL_DEFAULT is an OR of macros, which Swift does not import.
static inline CURLcode ccurl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

// A share handle usable from several threads at once: libcurl asks for a lock around each
// shared structure, and these callbacks give it one mutex per kind of data.
typedef struct {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
} ccurl_shared;

static void ccurl_shared_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *context) {
    (void)handle; (void)access;
    pthread_mutex_lock(&((ccurl_shared *)context)->locks[data]);
}
static void ccurl_shared_unlock(CURL *handle, curl_lock_data data, void *context) {
    (void)handle;
    pthread_mutex_unlock(&((ccurl_shared *)context)->locks[data]);
}

// A share of connections (keep-alive across requests), DNS answers and TLS sessions.
static inline ccurl_shared *ccurl_shared_new(void) {
    ccurl_shared *shared = calloc(1, sizeof(ccurl_shared));
    if (!shared) return NULL;
    shared->share = curl_share_init();
    if (!shared->share) { free(shared); return NULL; }
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&shared->locks[i], NULL);
    curl_share_setopt(shared->share, CURLSHOPT_LOCKFUNC, ccurl_shared_lock);
    curl_share_setopt(shared->share, CURLSHOPT_UNLOCKFUNC, ccurl_shared_unlock);
    curl_share_setopt(shared->share, CURLSHOPT_USERDATA, (void *)shared);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    return shared;
}
// Only once no easy handle uses the share any more.
static inline void ccurl_shared_free(ccurl_shared *shared) {
    if (!shared) return;
    curl_share_cleanup(shared->share);
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&shared->locks[i]);
    free(shared);
}
static inline CURLcode ccurl_setopt_share(CURL *handle, ccurl_shared *shared) {
    return curl_easy_setopt(handle, CURLOPT_SHARE, shared->share);
}
// SMTP (mail). CURLOPT_MAIL_RCPT takes a list of "<address>" strings.
static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}
// CURLOPT_READFUNCTION: libcurl asks for the next bytes to upload (the message), a return of 0
// ends the upload.
static inline CURLcode ccurl_setopt_read_callback(CURL *handle, ccurl_data_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_READDATA, context);
}
// CURLOPT_USE_SSL: `required` nonzero = CURLUSESSL_ALL (smtp:// must upgrade with STARTTLS or
// fail), zero = CURLUSESSL_TRY (STARTTLS when the server offers it). smtps:// is TLS from the
// first byte whatever this says.
static inline CURLcode ccurl_setopt_use_tls(CURL *handle, int required) {
    return curl_easy_setopt(handle, CURLOPT_USE_SSL, (long)(required ? CURLUSESSL_ALL : CURLUSESSL_TRY));
}
#endif
