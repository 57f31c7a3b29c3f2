#ifndef VERBUMCARE_CCURL_SHIM_H
#define VERBUMCARE_CCURL_SHIM_H
// curl_easy_setopt/getinfo are C-variadic, which Swift cannot call: one typed wrapper per
// argument type. The type-check macros would otherwise wrap them in GNU extensions.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode vc_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode vc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode vc_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode vc_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode vc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
typedef size_t (*vc_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode vc_easy_setopt_write_callback(CURL *h, CURLoption o, vc_write_callback cb) { return curl_easy_setopt(h, o, cb); }
typedef int (*vc_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode vc_easy_setopt_xferinfo_callback(CURL *h, CURLoption o, vc_xferinfo_callback cb) { return curl_easy_setopt(h, o, cb); }

static inline CURLcode vc_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode vc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode vc_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode vc_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

// CURLVERSION_NOW is a macro naming the newest struct version: Swift cannot see it.
static inline curl_version_info_data *vc_version_info(void) { return curl_version_info(CURLVERSION_NOW); }

static inline CURLMcode vc_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
#endif
