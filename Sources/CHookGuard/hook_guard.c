// The guardian of one alert hook: a process forked per hook that makes itself a subreaper,
// starts the hook in a process group of its own, and at the time limit kills the group and
// every process that was reparented to it, so a hook's child that called setsid (or a
// double-forked one) ends too (SPEC §15.3: "at the limit it and every descendant end").
//
// Why hand-written, in C: a process that must stay alive to collect orphans cannot be an
// exec'd program started by posix_spawn (the hook itself is the only program), so the guardian
// is a plain fork of the monitor. The monitor has many threads; after fork the child may call
// only async-signal-safe functions (another thread may have held malloc's lock, the Swift
// runtime's locks or libdispatch's at the moment of the fork). Swift cannot promise that of
// any code it compiles, so everything after the fork is here: system calls only, no malloc,
// no stdio, buffers on the stack, and _Fork (which runs no atfork handlers) for both forks.

#define _GNU_SOURCE
#include "hook_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

// The guardian's own descriptors after it has set itself up.
enum { GUARD_REPORT_FD = 3 };

static void write_record(int32_t kind, int32_t value, int32_t ended) {
    struct vc_hook_record record = { kind, value, ended };
    // A record is far below PIPE_BUF: one write, whole or not at all. EPIPE (the monitor is
    // gone) is ignored: SIGPIPE is ignored here.
    while (write(GUARD_REPORT_FD, &record, sizeof record) < 0 && errno == EINTR) {}
}

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static int descriptor_ceiling(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536) return (int)limit.rlim_cur;
    return 65536;
}

// Every descriptor from `first` up closed now (`cloexec` 0) or at exec (`cloexec` 1).
// close_range exists since Linux 5.9 (CLOEXEC since 5.11); older kernels get the loop.
static void close_from(int first, int cloexec) {
    if (close_range((unsigned)first, ~0U, cloexec ? CLOSE_RANGE_CLOEXEC : 0) == 0) return;
    int ceiling = descriptor_ceiling();
    for (int fd = first; fd < ceiling; fd++) {
        if (cloexec) fcntl(fd, F_SETFD, FD_CLOEXEC); else close(fd);
    }
}

static void set_all_handlers(void (*handler)(int)) {
    struct sigaction action = { 0 };
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    // Fails harmlessly for SIGKILL, SIGSTOP and the C library's own signals.
    for (int signal_number = 1; signal_number < NSIG; signal_number++) sigaction(signal_number, &action, 0);
}

// glibc refuses sigaction for the two signals it keeps for itself (32 and 33), but an ignored
// disposition of theirs would pass to the hook through exec like any other (a test runner
// ignores 32, and swift-subprocess passes that on). The system call itself takes them; the
// kernel's structure is {handler, flags, restorer, mask} on x86-64 and arm64.
static void reset_libc_signals(void) {
#if defined(__x86_64__) || defined(__aarch64__)
    struct { void (*handler)(int); unsigned long flags; void (*restorer)(void); unsigned long mask; } action = { SIG_DFL, 0, 0, 0 };
    for (int signal_number = 32; signal_number <= 33; signal_number++) {
        syscall(SYS_rt_sigaction, signal_number, &action, 0, sizeof action.mask);
    }
#endif
}

// In the hook's process, between fork and exec.
static void exec_hook(const char *path, char *const argv[], char *const envp[], int error_fd) {
    setpgid(0, 0);
    // Default handling for every signal (SIGPIPE above all: a hook is an ordinary program) and
    // none blocked, whatever the monitor and its parent had.
    set_all_handlers(SIG_DFL);
    reset_libc_signals();
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, 0);
    // stdin, stdout and stderr only: the report pipe and anything else go at exec.
    close_from(3, 1);
    execve(path, argv, envp);
    int error = errno;
    while (write(error_fd, &error, sizeof error) < 0 && errno == EINTR) {}
    _exit(127);
}

// The guardian's children, from /proc/thread-self/children (the guardian has one thread).
// Returns how many were stored, or -1 when the file cannot be read.
static int list_children(pid_t *children, int capacity) {
    int fd = open("/proc/thread-self/children", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[512];
    int count = 0;
    long number = -1;
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        for (ssize_t i = 0; i < n; i++) {
            char c = buffer[i];
            if (c >= '0' && c <= '9') {
                number = (number < 0 ? 0 : number * 10) + (c - '0');
            } else if (number >= 0) {
                if (count < capacity) children[count++] = (pid_t)number;
                number = -1;
            }
        }
    }
    if (number >= 0 && count < capacity) children[count++] = (pid_t)number;
    close(fd);
    return count;
}

// Kills the hook's group (while the hook is unreaped its pid, and so its group's id, cannot be
// reused), then every child of the guardian, again and again: each killed process's own
// children are reparented to the guardian (a subreaper) before it can be reaped, so each pass
// reaches one generation deeper until none is left. Bounded: a process that SIGKILL cannot end
// at once (one stuck in the kernel, or every process when /proc cannot be read and only the
// group was killed) is left after two seconds rather than holding the monitor's wait. Returns
// how many descendants (the hook itself not counted) it killed.
static int32_t end_everything(pid_t hook, int *hook_reaped, int *hook_status) {
    int32_t killed = 0;
    if (!*hook_reaped) kill(-hook, SIGKILL);
    int64_t give_up = now_ms() + 2000;
    for (;;) {
        pid_t children[256];
        int count = list_children(children, 256);
        for (int i = 0; i < count; i++) kill(children[i], SIGKILL);
        int status;
        pid_t reaped;
        while ((reaped = waitpid(-1, &status, WNOHANG)) > 0) {
            if (reaped != hook && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) killed++;
            if (reaped == hook) {
                *hook_reaped = 1;
                *hook_status = status;
            }
        }
        if (reaped < 0 && errno == ECHILD) break; // nothing is left
        if (now_ms() >= give_up) break;
        struct timespec pause = { 0, 5 * 1000 * 1000 };
        nanosleep(&pause, 0);
    }
    return killed;
}

static void guardian(const char *path, char *const argv[], char *const envp[],
                     int stdin_fd, int output_fd, int report_fd, int64_t time_limit_ms) {
    int64_t deadline = now_ms() + time_limit_ms;
    // A group of its own: a Ctrl-C meant for the monitor's terminal reaches neither the
    // guardian nor the hook.
    setpgid(0, 0);
    // Its descriptors: the hook's stdin on 0, its output on 1 and 2, the report on 3, and
    // nothing of the monitor's (its sockets, its files, other hooks' pipes). Moved above 9
    // first, so that no dup2 below overwrites one not yet moved.
    int input = fcntl(stdin_fd, F_DUPFD, 10);
    int output = fcntl(output_fd, F_DUPFD, 10);
    int report = fcntl(report_fd, F_DUPFD, 10);
    if (report < 0) _exit(126);
    if (dup2(report, GUARD_REPORT_FD) < 0) _exit(126);
    if (input < 0 || output < 0 || dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(output, 2) < 0) {
        write_record(VC_HOOK_NOT_STARTED, errno, 0);
        _exit(0);
    }
    close_from(4, 0);

    // None of the monitor's handlers may run here; SIGPIPE stays ignored (the monitor may be
    // gone when the last record is written). SIGCHLD and the stop requests are blocked and
    // taken with sigtimedwait.
    set_all_handlers(SIG_DFL);
    signal(SIGPIPE, SIG_IGN);
    sigset_t waited;
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGINT);
    sigaddset(&waited, SIGHUP);
    sigaddset(&waited, SIGQUIT);
    sigprocmask(SIG_SETMASK, &waited, 0);
    // Orphaned descendants of the hook become the guardian's children, not init's.
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);

    int exec_error[2];
    if (pipe2(exec_error, O_CLOEXEC) != 0) {
        write_record(VC_HOOK_NOT_STARTED, errno, 0);
        _exit(0);
    }
    pid_t hook = _Fork();
    if (hook == 0) {
        close(exec_error[0]);
        exec_hook(path, argv, envp, exec_error[1]);
    }
    if (hook < 0) {
        write_record(VC_HOOK_NOT_STARTED, errno, 0);
        _exit(0);
    }
    // Also here, so that the group exists before anything could be sent to it.
    setpgid(hook, hook);
    close(exec_error[1]);
    int error = 0;
    ssize_t n;
    while ((n = read(exec_error[0], &error, sizeof error)) < 0 && errno == EINTR) {}
    close(exec_error[0]);
    // The hook holds its pipes now; the guardian's copies would only delay their ends.
    close(0);
    close(1);
    close(2);
    if (n == (ssize_t)sizeof error) {
        int status;
        while (waitpid(hook, &status, 0) < 0 && errno == EINTR) {}
        write_record(VC_HOOK_NOT_STARTED, error, 0);
        _exit(0);
    }
    write_record(VC_HOOK_STARTED, hook, 0);

    int hook_reaped = 0, hook_status = 0, ended_by_itself = 0;
    int32_t killed = 0;
    for (;;) {
        int status;
        pid_t reaped;
        while ((reaped = waitpid(-1, &status, WNOHANG)) > 0) {
            if (reaped == hook) {
                hook_reaped = 1;
                ended_by_itself = 1;
                hook_status = status;
            }
        }
        if (reaped < 0 && errno == ECHILD) break; // the hook and every descendant have ended
        int64_t left = deadline - now_ms();
        if (left <= 0) {
            killed = end_everything(hook, &hook_reaped, &hook_status);
            break;
        }
        struct timespec wait_for = { left / 1000, (left % 1000) * 1000000 };
        int signal_number = sigtimedwait(&waited, 0, &wait_for);
        if (signal_number > 0 && signal_number != SIGCHLD) {
            // Asked to stop (the monitor's own safety limit, or a person): end everything now.
            killed = end_everything(hook, &hook_reaped, &hook_status);
            break;
        }
    }
    if (!ended_by_itself) {
        write_record(VC_HOOK_TIME_LIMIT, 0, killed);
    } else if (WIFSIGNALED(hook_status)) {
        write_record(VC_HOOK_SIGNALLED, WTERMSIG(hook_status), killed);
    } else {
        write_record(VC_HOOK_EXITED, WEXITSTATUS(hook_status), killed);
    }
    _exit(0);
}

pid_t vc_hook_guardian_start(const char *path, char *const argv[], char *const envp[],
                             int stdin_fd, int output_fd, int report_fd, int64_t time_limit_ms) {
    pid_t pid = _Fork();
    if (pid < 0) return -errno;
    if (pid == 0) guardian(path, argv, envp, stdin_fd, output_fd, report_fd, time_limit_ms);
    return pid;
}
