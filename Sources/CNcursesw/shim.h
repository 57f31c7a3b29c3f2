#ifndef VERBUMCARE_CNCURSESW_SHIM_H
#define VERBUMCARE_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D flags; without this the wide-character API is invisible.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <curses.h>

// Macros and mutable globals that Swift cannot import (or rejects as unsafe) are
// re-exposed as functions.
#include <stdio.h>

static inline WINDOW *vc_stdscr(void) { return stdscr; }
static inline FILE *vc_stdout(void) { return stdout; }
static inline FILE *vc_stdin(void) { return stdin; }
static inline int vc_lines(void) { return LINES; }
static inline int vc_cols(void) { return COLS; }
static inline int vc_key_resize(void) { return KEY_RESIZE; }
static inline int vc_key_f(int n) { return KEY_F(n); }
static inline int vc_set_escdelay(int ms) { return set_escdelay(ms); }
#include <term.h>

// tparm is C-variadic, which Swift cannot call.
static inline char *vc_tparm1(const char *cap, long a) { return tparm(cap, a, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L); }
static inline char *vc_tparm2(const char *cap, long a, long b) {
    return tparm(cap, a, b, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
}

/// Whether this machine has a terminfo entry for `name`, and whether it can address the cursor:
/// -1 no entry, 0 an entry that cannot (no `cup`, or a hard-copy or generic terminal such as
/// `dumb`), 1 a screen terminal. Leaves the current terminal as it was.
static inline int vc_terminfo_probe(const char *name) {
    int err = 0;
    TERMINAL *saved = cur_term;
    if (setupterm((char *)name, 1, &err) != OK) {
        set_curterm(saved);
        return -1;
    }
    const char *cup = tigetstr("cup");
    int screen = cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0 && tigetflag("gn") <= 0;
    TERMINAL *probed = cur_term;
    set_curterm(saved);
    del_curterm(probed);
    return screen ? 1 : 0;
}

/// A boolean capability of the current terminal (1 present, 0 absent, -1 not a boolean).
static inline int vc_tigetflag(const char *name) { return tigetflag(name); }
/// A numeric capability of the current terminal (-1 absent, -2 not a number).
static inline int vc_tigetnum(const char *name) { return tigetnum(name); }

/// Mouse reporting (SPEC §10.3): clicks and the wheel only, no motion (so the terminal's own
/// Shift-selection keeps working), each press reported at once (no click interval). ncurses
/// picks the protocol from terminfo's kmous (xterm's SGR 1006 for `\E[<`). 1 when it reports.
static inline int vc_mouse_start(void) {
    mmask_t wanted = BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED;
    mouseinterval(0);
    return mousemask(wanted, NULL) != 0 && has_mouse() ? 1 : 0;
}
static inline int vc_key_mouse(void) { return KEY_MOUSE; }
/// The pending mouse event: 1 left press, 4 wheel up, 5 wheel down, 0 anything else; -1 none.
static inline int vc_get_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 4;
    if (event.bstate & BUTTON5_PRESSED) return 5;
    return 0;
}
#endif
