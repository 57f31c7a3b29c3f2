#ifndef VERBUMCARE_CCURL_H
#define VERBUMCARE_CCURL_H
// libcurl, loaded at run time. The binary does not link libcurl: Debian's libcurl4 pulls about
// thirty libraries (OpenSSL, GnuTLS, Kerberos, LDAP, libssh2...) that the dynamic loader would
// otherwise map, relocate and initialise before main. `vc_curl_load` dlopens libcurl.so.4 once
// and resolves every function below into one table; the wrappers call through that table.
//
// Only curl's header is used here (types and constants). Calling a curl_* function directly
// from Swift fails to link, on purpose: every call goes through a vc_* wrapper.
//
// curl_easy_setopt/getinfo and curl_multi_setopt are C-variadic, which Swift cannot call: one
// typed wrapper per argument type. The type-check macros would otherwise wrap them in GNU
// extensions.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl.so.4 and resolves its functions, once per process (thread-safe), then runs
/// curl_global_init. Returns 1 when libcurl is usable. Otherwise returns 0 and copies the
/// loader's reason (the dlerror text or the missing symbol) into `error`.
int vc_curl_load(char *error, size_t error_size);

/// Starts `vc_curl_load` on a detached thread of its own and returns at once, so that loading
/// overlaps whatever the caller does next; a later `vc_curl_load` waits for it to finish.
void vc_curl_preload(void);

/// Call before the process ends: waits for a preload that has begun to finish, and keeps one
/// that has not begun from beginning. exit() while the load runs on its thread tears down the
/// libraries it is initialising (OpenSSL's cleanup, registered during the load, runs first).
void vc_curl_settle(void);

/// 1 once `vc_curl_load` has succeeded (does not load anything).
int vc_curl_is_loaded(void);

// Every wrapper below requires a successful vc_curl_load before it is called.

CURL *vc_easy_init(void);
void vc_easy_cleanup(CURL *h);
const char *vc_easy_strerror(CURLcode code);

CURLcode vc_easy_setopt_long(CURL *h, CURLoption o, long v);
CURLcode vc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v);
CURLcode vc_easy_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode vc_easy_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode vc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
typedef size_t (*vc_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
CURLcode vc_easy_setopt_write_callback(CURL *h, CURLoption o, vc_write_callback cb);
/// Has libcurl store, in `*stamp` (0 until then), the CLOCK_MONOTONIC nanoseconds at which it
/// first opened a socket for this transfer: name resolution is over by then, whether the name
/// came from a resolver, the DNS cache or an address literal. Written and read on the thread
/// that drives the transfer.
CURLcode vc_easy_record_socket_opened(CURL *h, long long *stamp);

CURLcode vc_easy_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode vc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode vc_easy_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode vc_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v);

struct curl_slist *vc_slist_append(struct curl_slist *list, const char *line);
void vc_slist_free_all(struct curl_slist *list);

CURLM *vc_multi_init(void);
CURLMcode vc_multi_cleanup(CURLM *m);
CURLMcode vc_multi_setopt_long(CURLM *m, CURLMoption o, long v);
CURLMcode vc_multi_add_handle(CURLM *m, CURL *h);
CURLMcode vc_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode vc_multi_perform(CURLM *m, int *running);
CURLMsg *vc_multi_info_read(CURLM *m, int *queued);
CURLMcode vc_multi_poll(CURLM *m, struct curl_waitfd *extra, unsigned int extra_count,
                        int timeout_ms, int *ready);
CURLMcode vc_multi_wakeup(CURLM *m);
const char *vc_multi_strerror(CURLMcode code);

curl_version_info_data *vc_version_info(void);
#endif
