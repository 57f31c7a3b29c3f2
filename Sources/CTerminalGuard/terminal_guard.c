#include "terminal_guard.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define RESTORE_MAX 256

static int guard_fd = -1;
static struct termios saved_termios;
static int have_termios = 0;
static char restore_bytes[RESTORE_MAX];
static size_t restore_len = 0;
static int graceful_pipe = -1;
static volatile sig_atomic_t pending_graceful = 0;
static volatile sig_atomic_t restored = 0;
static volatile sig_atomic_t synchronized_output = 0;
// The end of a synchronized update (DEC mode 2026): written first, so a terminal that was in the
// middle of a frame shows again before anything else is undone.
static const char end_synchronized_update[] = "\033[?2026l";

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE };
static const int graceful_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP };

int vc_guard_prepare(int fd, const char *bytes, size_t len) {
    if (len > RESTORE_MAX) return -1;
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    guard_fd = fd;
    have_termios = 1;
    memcpy(restore_bytes, bytes, len);
    restore_len = len;
    restored = 0;
    return 0;
}

int vc_guard_set_restore_bytes(const char *bytes, size_t len) {
    if (len > RESTORE_MAX) return -1;
    // Written before any handler that reads it is installed for this screen.
    memcpy(restore_bytes, bytes, len);
    restore_len = len;
    return 0;
}

static void restore_terminal(void) {
    if (restored) return;
    restored = 1;
    if (guard_fd < 0) return;
    int saved_errno = errno;
    if (synchronized_output) {
        size_t len = sizeof end_synchronized_update - 1, done = 0;
        while (done < len) {
            ssize_t n = write(guard_fd, end_synchronized_update + done, len - done);
            if (n <= 0) { if (n < 0 && errno == EINTR) continue; break; }
            done += (size_t)n;
        }
    }
    size_t off = 0;
    while (off < restore_len) {
        ssize_t n = write(guard_fd, restore_bytes + off, restore_len - off);
        if (n <= 0) { if (n < 0 && errno == EINTR) continue; break; }
        off += (size_t)n;
    }
    if (have_termios) tcsetattr(guard_fd, TCSAFLUSH, &saved_termios);
    errno = saved_errno;
}

static void reraise(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

static void crash_handler(int sig) {
    restore_terminal();
    reraise(sig);
}

static void graceful_handler(int sig) {
    int terminating = (sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT);
    if (terminating && pending_graceful) {
        restore_terminal();
        reraise(sig);
        return;
    }
    if (terminating) pending_graceful = 1;
    if (graceful_pipe >= 0) {
        int saved_errno = errno;
        unsigned char b = (unsigned char)sig;
        (void)!write(graceful_pipe, &b, 1);
        errno = saved_errno;
    }
}

static int install(const int *sigs, size_t n, void (*handler)(int), int flags) {
    for (size_t i = 0; i < n; i++) {
        if (sigs[i] == SIGHUP && handler == graceful_handler) {
            // A SIGHUP ignored by whoever started the app (nohup, `trap '' HUP`) stays ignored,
            // as the convention has it; the app still ends when its terminal goes away, which
            // the loop sees as the end of its input (docs/ARCHITECTURE.md: The event loop).
            struct sigaction current;
            if (sigaction(SIGHUP, NULL, &current) == 0 && current.sa_handler == SIG_IGN) continue;
        }
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = flags;
        if (sigaction(sigs[i], &sa, NULL) != 0) return -1;
    }
    return 0;
}

int vc_guard_install_crash_handlers(void) {
    return install(crash_signals, sizeof crash_signals / sizeof crash_signals[0], crash_handler, SA_RESETHAND);
}

int vc_guard_install_graceful_handlers(int pipe_fd) {
    graceful_pipe = pipe_fd;
    return install(graceful_signals, sizeof graceful_signals / sizeof graceful_signals[0], graceful_handler, SA_RESTART);
}

void vc_guard_acknowledge(void) { pending_graceful = 0; }

void vc_guard_restore(void) { restore_terminal(); }

void vc_guard_set_synchronized_output(int on) { synchronized_output = on ? 1 : 0; }

void vc_guard_unblock_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) sigaddset(&set, crash_signals[i]);
    for (size_t i = 0; i < sizeof graceful_signals / sizeof graceful_signals[0]; i++) sigaddset(&set, graceful_signals[i]);
    sigaddset(&set, SIGTSTP);
    sigaddset(&set, SIGTTIN);
    sigaddset(&set, SIGTTOU);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void vc_guard_stop_self(void) {
    struct sigaction dfl, previous;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &previous);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &set, &old);
    // Directed at this thread, the stop happens before raise returns; a process-directed kill
    // could pick another thread and let this one run on (and redraw) before the stop.
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &previous, NULL);
}
