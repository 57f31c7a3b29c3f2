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

static inline int vc_flock(int fd, int op) { return flock(fd, op); }
static inline int vc_lock_ex(void) { return LOCK_EX; }
static inline int vc_lock_sh(void) { return LOCK_SH; }
static inline int vc_lock_un(void) { return LOCK_UN; }
#endif
