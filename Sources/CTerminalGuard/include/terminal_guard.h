#ifndef VERBUMCARE_TERMINAL_GUARD_H
#define VERBUMCARE_TERMINAL_GUARD_H
#include <stddef.h>

// Restores the terminal from a signal handler. Only async-signal-safe calls happen inside the
// handlers (write, tcsetattr, sigaction, raise), which is why this lives in C: a Swift trap
// (SIGILL) runs no defer or deinit, and Swift closures give no such guarantee.

/// Remembers the terminal's current termios (of `fd`) and the bytes that undo our screen setup
/// (leave the alternate screen, show the cursor, reset attributes). Call once, before drawing.
/// Returns 0 on success, -1 if `fd` is not a terminal or `len` is too large.
int vc_guard_prepare(int fd, const char *restore_bytes, size_t len);

/// Replaces the restore bytes only (after terminfo is loaded), keeping the saved termios.
int vc_guard_set_restore_bytes(const char *restore_bytes, size_t len);

/// Fatal signals (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE): restore, then re-raise with the
/// default action so the exit status and core dump stay truthful.
int vc_guard_install_crash_handlers(void);

/// Graceful signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP): the handler writes
/// the signal number as one byte to `pipe_fd` (non-blocking) for the event loop to read. A
/// second SIGINT/SIGTERM/SIGHUP/SIGQUIT while the first is still unhandled restores the
/// terminal and re-raises at once, so a stuck loop can still be stopped. A SIGHUP that is
/// ignored when this is called (nohup) is left ignored.
int vc_guard_install_graceful_handlers(int pipe_fd);

/// Marks the graceful signal as handled (called by the event loop after reading it).
void vc_guard_acknowledge(void);

/// Stops the process as the default SIGTSTP action would (job control's "Stopped") and returns
/// once it is continued. The caller restores the terminal before and takes it back after.
void vc_guard_stop_self(void);

/// Frames are written as synchronized updates (DEC mode 2026): every restore, from a handler
/// too, ends one first (a crash may come between its begin and its end). One flag, so setting it
/// while handlers are installed is safe.
void vc_guard_set_synchronized_output(int on);

/// Restores now (normal exit path). Safe to call more than once.
void vc_guard_restore(void);

/// Unblocks every signal we handle: processes started by test runners inherit a mask that
/// blocks them (see docs/ARCHITECTURE.md: C modules on Linux).
void vc_guard_unblock_signals(void);
#endif
