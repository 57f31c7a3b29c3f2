/*
 * The C reference of the memory target (SPEC §13): the four checks of one server (health, api,
 * auth, websocket; SPEC §6.1) made the way the app makes them, with the same libcurl, so that the
 * app's resident memory with probing can be compared with what a program needs that does only this.
 *
 * What it shares with the app's transport (Sources/BackendClient/CurlTransfer.swift, CurlEngine.swift):
 * one multi handle for every round (kept-alive connections and the parsed CA store live there), a new
 * easy handle per check, https only, no redirects, verification on, CURLOPT_CERTINFO, no proxy, the
 * bodies capped at 64 KiB and kept in memory, the named CA bundle with no CA directory (so libcurl
 * caches the parsed store), curl's --connect-to routes, and `health` on a fresh connection that is
 * never pooled while the other three reuse the previous round's connections.
 *
 *   four-checks --cacert CA [--connect-to H:P:H2:P2]... [--rounds N] [--interval-ms M] HEALTH API AUTH WEBSOCKET
 *
 * It runs N rounds (default 2), M ms apart (default 1000), prints one line per round
 * ("round 1: 200 200 401 200 ok"), then "done" and waits until its standard input closes, so that a
 * benchmark can read /proc/PID/status and /proc/PID/smaps of a process that has finished probing and
 * still holds what probing left. Exit status 0 when every check answered as the contract says
 * (SPEC §5: health 200 with "healthy", api 200, auth 200 or 401, websocket 200 with a body that starts
 * with "0{"), 1 otherwise, 2 for bad arguments.
 *
 * Built by Benchmarks/scripts/memory-probe.py: cc -O2 -o four-checks four-checks.c -lcurl
 */
#define _GNU_SOURCE /* memmem */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHECKS 4
#define BODY_CAP 65536

struct sink {
    char data[BODY_CAP];
    size_t size;
};

static size_t keep_body(char *bytes, size_t size, size_t count, void *context) {
    struct sink *sink = context;
    size_t length = size * count;
    size_t room = BODY_CAP - sink->size;
    size_t kept = length < room ? length : room;
    memcpy(sink->data + sink->size, bytes, kept);
    sink->size += kept;
    return length; /* MAXFILESIZE bounds the transfer; the cap only bounds what is kept */
}

static size_t discard_header(char *bytes, size_t size, size_t count, void *context) {
    (void)bytes;
    (void)context;
    return size * count;
}

static int contract_holds(int check, long status, const struct sink *body) {
    switch (check) {
    case 0: return status == 200 && memmem(body->data, body->size, "\"healthy\"", 9) != NULL;
    case 1: return status == 200 && body->size > 0 && body->data[0] == '{';
    case 2: return status == 200 || status == 401;
    default: return status == 200 && body->size >= 2 && memcmp(body->data, "0{", 2) == 0;
    }
}

static CURL *new_check(const char *url, int fresh, const char *ca, struct curl_slist *routes,
                       struct sink *body, char *error) {
    CURL *easy = curl_easy_init();
    if (!easy) return NULL;
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "https");
    curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "https");
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
    if (fresh) {
        curl_easy_setopt(easy, CURLOPT_FRESH_CONNECT, 1L);
        curl_easy_setopt(easy, CURLOPT_FORBID_REUSE, 1L);
    }
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_QUICK_EXIT, 1L);
    curl_easy_setopt(easy, CURLOPT_CERTINFO, 1L);
    curl_easy_setopt(easy, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, 10000L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, 11000L);
    curl_easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)BODY_CAP);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, keep_body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, body);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, discard_header);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "four-checks");
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(easy, CURLOPT_CONNECT_TO, routes);
    curl_easy_setopt(easy, CURLOPT_CAINFO, ca);
    curl_easy_setopt(easy, CURLOPT_CAPATH, NULL);
    return easy;
}

/* One round: the four checks started together on the shared multi handle; 1 when all held. */
static int round_of_checks(CURLM *multi, char **urls, const char *ca, struct curl_slist *routes, int number) {
    static struct sink bodies[CHECKS];
    static char errors[CHECKS][CURL_ERROR_SIZE];
    CURL *easies[CHECKS];
    for (int check = 0; check < CHECKS; check++) {
        bodies[check].size = 0;
        errors[check][0] = '\0';
        easies[check] = new_check(urls[check], check == 0, ca, routes, &bodies[check], errors[check]);
        if (!easies[check] || curl_multi_add_handle(multi, easies[check]) != CURLM_OK) {
            fprintf(stderr, "four-checks: could not start check %d\n", check + 1);
            return 0;
        }
    }
    int running = 1;
    while (running) {
        if (curl_multi_perform(multi, &running) != CURLM_OK) break;
        if (running) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    int held = 1;
    printf("round %d:", number);
    for (int check = 0; check < CHECKS; check++) {
        long status = 0;
        curl_easy_getinfo(easies[check], CURLINFO_RESPONSE_CODE, &status);
        int ok = contract_holds(check, status, &bodies[check]);
        held = held && ok;
        printf(" %ld%s", status, ok ? "" : "!");
        if (!ok && errors[check][0]) fprintf(stderr, "four-checks: %s: %s\n", urls[check], errors[check]);
        curl_multi_remove_handle(multi, easies[check]);
        curl_easy_cleanup(easies[check]);
    }
    printf(" %s\n", held ? "ok" : "failed");
    fflush(stdout);
    return held;
}

static int usage(void) {
    fprintf(stderr, "usage: four-checks --cacert CA [--connect-to H:P:H2:P2]... [--rounds N] [--interval-ms M]"
                    " HEALTH-URL API-URL AUTH-URL WEBSOCKET-URL\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *ca = NULL;
    struct curl_slist *routes = NULL;
    long rounds = 2, interval_ms = 1000;
    char *urls[CHECKS];
    int url_count = 0;
    for (int index = 1; index < argc; index++) {
        const char *argument = argv[index];
        int has_value = index + 1 < argc;
        if (strcmp(argument, "--cacert") == 0 && has_value) ca = argv[++index];
        else if (strcmp(argument, "--connect-to") == 0 && has_value) routes = curl_slist_append(routes, argv[++index]);
        else if (strcmp(argument, "--rounds") == 0 && has_value) rounds = strtol(argv[++index], NULL, 10);
        else if (strcmp(argument, "--interval-ms") == 0 && has_value) interval_ms = strtol(argv[++index], NULL, 10);
        else if (argument[0] != '-' && url_count < CHECKS) urls[url_count++] = argv[index];
        else return usage();
    }
    if (!ca || url_count != CHECKS || rounds < 1 || interval_ms < 0) return usage();

    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return 1;
    CURLM *multi = curl_multi_init();
    if (!multi) return 1;
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 8L);
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, 8L);

    int held = 1;
    for (long number = 1; number <= rounds; number++) {
        held = round_of_checks(multi, urls, ca, routes, (int)number) && held;
        if (number < rounds) {
            struct timespec pause = {interval_ms / 1000, (interval_ms % 1000) * 1000000L};
            nanosleep(&pause, NULL);
        }
    }
    printf("done\n");
    fflush(stdout);

    /* Hold what probing left (connections, the CA store, the heap) until the reader is done. */
    char drain[256];
    while (read(STDIN_FILENO, drain, sizeof drain) > 0) {
    }
    curl_multi_cleanup(multi);
    curl_slist_free_all(routes);
    curl_global_cleanup();
    return held ? 0 : 1;
}
