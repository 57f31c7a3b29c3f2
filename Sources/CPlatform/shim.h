#ifndef VERBUMCARE_CPLATFORM_SHIM_H
#define VERBUMCARE_CPLATFORM_SHIM_H
// Linux APIs that Swift's Glibc module does not reliably expose.
#include <sys/inotify.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <malloc.h>

// A pipe whose ends are closed in any program this process starts, set atomically (a hook
// started on another thread meanwhile must not inherit them).
static inline int vc_pipe_cloexec(int fds[2]) { return (int)syscall(SYS_pipe2, fds, O_CLOEXEC); }
static inline int vc_flock(int fd, int op) { return flock(fd, op); }
// One malloc arena for every thread (docs/ARCHITECTURE.md: Memory). Returns 1 on success.
static inline int vc_single_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }
// libdispatch's run-loop interface, which CoreFoundation's run loop uses on Linux: the main
// queue's wake-up descriptor (an eventfd) and the call that runs what the main queue holds on the
// calling thread. Exported by libdispatch (static and shared); `MainQueueLoop` uses them instead
// of dispatch_main(), which ends the main thread with pthread_exit.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);
static inline int vc_main_queue_handle(void) { return _dispatch_get_main_queue_handle_4CF(); }
static inline void vc_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }
static inline int vc_lock_ex(void) { return LOCK_EX; }
/// The app's one-shot redraw timer (a dispatch timer woke it twice per expiry).
static inline int vc_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }

// renameat2 through the system call (glibc hides the wrapper behind _GNU_SOURCE). Exchange
// swaps two names atomically; no-replace fails with EEXIST when the target exists. Both fail
// with EINVAL or ENOSYS where the file system or kernel cannot do them.
static inline int vc_rename_exchange(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */);
}
static inline int vc_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

// File leases (glibc names them only under _GNU_SOURCE; the numbers are the kernel's ABI).
// A read lease is granted only while nobody has the file open for writing; anyone who then
// opens it for writing or truncates it waits until the holder lets go, and the holder sees
// the lease as breaking (F_GETLEASE no longer F_RDLCK) and is sent `signal`.
static inline int vc_lease_read(int fd, int signal) {
    if (fcntl(fd, 10 /* F_SETSIG */, signal) != 0) return -1;
    return fcntl(fd, 1024 /* F_SETLEASE */, F_RDLCK);
}
// A write lease (on a file nobody else has open) makes every other open wait: a reader
// asks for it to become a read lease (F_GETLEASE then says F_RDLCK), a writer for it to go
// (F_UNLCK).
static inline int vc_lease_write(int fd, int signal) {
    if (fcntl(fd, 10 /* F_SETSIG */, signal) != 0) return -1;
    return fcntl(fd, 1024 /* F_SETLEASE */, F_WRLCK);
}
static inline int vc_lease_release(int fd) { return fcntl(fd, 1024 /* F_SETLEASE */, F_UNLCK); }
static inline int vc_lease_intact(int fd) { return fcntl(fd, 1025 /* F_GETLEASE */) == F_RDLCK; }
// F_RDLCK, F_WRLCK or F_UNLCK: the lease as it stands, or as a breaking one is asked to become.
static inline int vc_lease_state(int fd) { return fcntl(fd, 1025 /* F_GETLEASE */); }

// Core dumps off: no core file is written, and the process cannot be dumped or attached to
// by other processes of the same user (it may hold a password or tokens). 0 on success.
static inline int vc_disable_core_dumps(void) {
    struct rlimit none = { 0, 0 };
    int limit = setrlimit(RLIMIT_CORE, &none);
    int dumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return (limit == 0 && dumpable == 0) ? 0 : -1;
}

// A parent (a test runner, a service manager) may start us with signals blocked; the crash
// signals must still end the process as they would any other program.
static inline int vc_unblock_crash_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGABRT);
    sigaddset(&set, SIGSEGV);
    sigaddset(&set, SIGBUS);
    sigaddset(&set, SIGILL);
    sigaddset(&set, SIGFPE);
    return sigprocmask(SIG_UNBLOCK, &set, 0);
}

// SIGPIPE ignored by the whole process, called first thing in main (before any thread starts):
// a write to a pipe or socket whose reader is gone (a hook that did not read its stdin, a
// closed stdout, a webhook server that hung up) is then an EPIPE error for the code that made
// it, never the end of the process (SPEC §15.3). Programs the product starts get SIGPIPE's
// default back (POSIX_SPAWN_SETSIGDEF, or the hook guardian's reset). 0 on success.
static inline int vc_ignore_sigpipe(void) { return signal(SIGPIPE, SIG_IGN) == SIG_ERR ? -1 : 0; }

// Async-signal-safe: the shell convention for "ended by signal N".
static inline void vc_exit_after_signal(int signal_number) { _exit(128 + signal_number); }

// SIGINT, SIGTERM, SIGHUP and SIGQUIT end a command-line run with exit status 128+N. The
// signals are also unblocked: a parent (a test runner) may have started us with them blocked.
static inline int vc_exit_with_status_on_termination_signals(void) {
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    struct sigaction action;
    sigset_t set;
    sigemptyset(&set);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        action = (struct sigaction){ 0 };
        action.sa_handler = vc_exit_after_signal;
        sigemptyset(&action.sa_mask);
        if (sigaction(signals[i], &action, 0) != 0) return -1;
        sigaddset(&set, signals[i]);
    }
    return sigprocmask(SIG_UNBLOCK, &set, 0);
}
#endif
