#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The soname of Debian's libcurl4 (OpenSSL flavour), which the package depends on.
#define VC_LIBCURL_SONAME "libcurl.so.4"

// One entry per libcurl function the app uses. The variadic ones keep their variadic type:
// calling through a correctly typed pointer is what the C calling convention needs.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    const char *(*multi_strerror)(CURLMcode);
    curl_version_info_data *(*version_info)(CURLversion);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static int resolve(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "%s: symbol %s not found", VC_LIBCURL_SONAME, name);
        return 0;
    }
    return 1;
}

static void load_library(void) {
    // RTLD_LOCAL: nothing else in the process should bind to libcurl's symbols by accident.
    // RTLD_LAZY, as the loader does at exec: functions of libcurl's thirty libraries that the
    // app never calls are never looked up (RTLD_NOW measured about 0.5 MB more resident).
    void *library = dlopen(VC_LIBCURL_SONAME, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : VC_LIBCURL_SONAME ": cannot be loaded");
        return;
    }
#define VC_RESOLVE(field, symbol) if (!resolve(library, symbol, (void **)&api.field)) { dlclose(library); return; }
    VC_RESOLVE(global_init, "curl_global_init")
    VC_RESOLVE(easy_init, "curl_easy_init")
    VC_RESOLVE(easy_cleanup, "curl_easy_cleanup")
    VC_RESOLVE(easy_strerror, "curl_easy_strerror")
    VC_RESOLVE(easy_setopt, "curl_easy_setopt")
    VC_RESOLVE(easy_getinfo, "curl_easy_getinfo")
    VC_RESOLVE(slist_append, "curl_slist_append")
    VC_RESOLVE(slist_free_all, "curl_slist_free_all")
    VC_RESOLVE(multi_init, "curl_multi_init")
    VC_RESOLVE(multi_cleanup, "curl_multi_cleanup")
    VC_RESOLVE(multi_setopt, "curl_multi_setopt")
    VC_RESOLVE(multi_add_handle, "curl_multi_add_handle")
    VC_RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    VC_RESOLVE(multi_perform, "curl_multi_perform")
    VC_RESOLVE(multi_info_read, "curl_multi_info_read")
    VC_RESOLVE(multi_poll, "curl_multi_poll")
    VC_RESOLVE(multi_wakeup, "curl_multi_wakeup")
    VC_RESOLVE(multi_strerror, "curl_multi_strerror")
    VC_RESOLVE(version_info, "curl_version_info")
#undef VC_RESOLVE
    // curl_global_init is not thread-safe in libcurl 7.x: running it inside the once-block is
    // what makes it run exactly once, before any handle exists.
    CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init: %s", api.easy_strerror(code));
        return;
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

int vc_curl_load(char *error, size_t error_size) {
    pthread_once(&load_once, load_library);
    int ok = vc_curl_is_loaded();
    if (!ok && error != NULL && error_size > 0) {
        snprintf(error, error_size, "%s", load_error);
    }
    return ok;
}

// The preload thread and exit() must not overlap: exit() runs the libraries' exit handlers and
// destructors while dlopen or curl_global_init may be half-way on the preload thread. That
// crashed a command that ended at once (a usage error: SIGSEGV, "free(): invalid pointer",
// about one run in a hundred on a loaded machine): OpenSSL registers its own cleanup with
// atexit during curl_global_init, and exit() ran it while the initialisation went on. So the
// process ends only after `vc_curl_settle`: a load that has begun is finished, and a preload
// thread that starts later does nothing.
static pthread_mutex_t preload_lock = PTHREAD_MUTEX_INITIALIZER;
static int preload_began;
static int settled;

static void *preload_thread(void *unused) {
    (void)unused;
    pthread_mutex_lock(&preload_lock);
    int go = !settled;
    if (go) preload_began = 1;
    pthread_mutex_unlock(&preload_lock);
    if (go) pthread_once(&load_once, load_library);
    return NULL;
}

void vc_curl_settle(void) {
    pthread_mutex_lock(&preload_lock);
    settled = 1;
    int began = preload_began;
    pthread_mutex_unlock(&preload_lock);
    if (began) pthread_once(&load_once, load_library);  // returns once the running load is done
}

void vc_curl_preload(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    // For an exit() that did not settle first: it then waits before the handlers registered
    // until now (atexit runs them in reverse order), though not before any that the load itself
    // registers meanwhile (OpenSSL's). Without the handler, no thread: libcurl then loads with
    // the first request.
    if (atexit(vc_curl_settle) != 0) return;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Without the thread, libcurl still loads with the first request: nothing is lost.
    (void)pthread_create(&thread, &attributes, preload_thread, NULL);
    pthread_attr_destroy(&attributes);
}

int vc_curl_is_loaded(void) {
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
}

CURL *vc_easy_init(void) { return api.easy_init(); }
void vc_easy_cleanup(CURL *h) { api.easy_cleanup(h); }
const char *vc_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

CURLcode vc_easy_setopt_long(CURL *h, CURLoption o, long v) { return api.easy_setopt(h, o, v); }
CURLcode vc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return api.easy_setopt(h, o, v); }
CURLcode vc_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return api.easy_setopt(h, o, v); }
CURLcode vc_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return api.easy_setopt(h, o, v); }
CURLcode vc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return api.easy_setopt(h, o, v); }
CURLcode vc_easy_setopt_write_callback(CURL *h, CURLoption o, vc_write_callback cb) { return api.easy_setopt(h, o, cb); }

static int socket_opened(void *clientp, curl_socket_t fd, curlsocktype purpose) {
    (void)fd;
    (void)purpose;
    long long *stamp = clientp;
    if (*stamp == 0) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        *stamp = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    }
    return CURL_SOCKOPT_OK;
}

CURLcode vc_easy_record_socket_opened(CURL *h, long long *stamp) {
    CURLcode code = api.easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, socket_opened);
    if (code != CURLE_OK) return code;
    return api.easy_setopt(h, CURLOPT_SOCKOPTDATA, (void *)stamp);
}

CURLcode vc_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return api.easy_getinfo(h, i, v); }
CURLcode vc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return api.easy_getinfo(h, i, v); }
CURLcode vc_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return api.easy_getinfo(h, i, v); }
CURLcode vc_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return api.easy_getinfo(h, i, v); }

struct curl_slist *vc_slist_append(struct curl_slist *list, const char *line) { return api.slist_append(list, line); }
void vc_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLM *vc_multi_init(void) { return api.multi_init(); }
CURLMcode vc_multi_cleanup(CURLM *m) { return api.multi_cleanup(m); }
CURLMcode vc_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return api.multi_setopt(m, o, v); }
CURLMcode vc_multi_add_handle(CURLM *m, CURL *h) { return api.multi_add_handle(m, h); }
CURLMcode vc_multi_remove_handle(CURLM *m, CURL *h) { return api.multi_remove_handle(m, h); }
CURLMcode vc_multi_perform(CURLM *m, int *running) { return api.multi_perform(m, running); }
CURLMsg *vc_multi_info_read(CURLM *m, int *queued) { return api.multi_info_read(m, queued); }
CURLMcode vc_multi_poll(CURLM *m, struct curl_waitfd *extra, unsigned int extra_count, int timeout_ms, int *ready) {
    return api.multi_poll(m, extra, extra_count, timeout_ms, ready);
}
CURLMcode vc_multi_wakeup(CURLM *m) { return api.multi_wakeup(m); }
const char *vc_multi_strerror(CURLMcode code) { return api.multi_strerror(code); }

curl_version_info_data *vc_version_info(void) { return api.version_info(CURLVERSION_NOW); }
