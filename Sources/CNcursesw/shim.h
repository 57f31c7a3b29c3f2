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
static inline int vc_colors(void) { return COLORS; }
static inline int vc_lines(void) { return LINES; }
static inline int vc_cols(void) { return COLS; }
static inline attr_t vc_a_normal(void) { return A_NORMAL; }
static inline attr_t vc_a_bold(void) { return A_BOLD; }
static inline attr_t vc_a_reverse(void) { return A_REVERSE; }
static inline attr_t vc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t vc_a_dim(void) { return A_DIM; }
static inline attr_t vc_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int vc_key_resize(void) { return KEY_RESIZE; }
static inline int vc_key_f(int n) { return KEY_F(n); }
static inline int vc_set_escdelay(int ms) { return set_escdelay(ms); }
#endif
