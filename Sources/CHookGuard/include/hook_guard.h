#ifndef VERBUMCARE_HOOK_GUARD_H
#define VERBUMCARE_HOOK_GUARD_H
#include <stdint.h>
#include <sys/types.h>

// The guardian of one alert hook (docs/ALERTS.md: Hooks; SPEC §15.3 Isolation). It reports on
// `report_fd` as fixed-size records: first STARTED (value: the hook's pid) or NOT_STARTED
// (value: errno), then, for a started hook, one of EXITED (value: exit status), SIGNALLED
// (value: signal) or TIME_LIMIT, with `ended` the number of the hook's descendants it had to kill.
enum {
    VC_HOOK_STARTED = 1,
    VC_HOOK_NOT_STARTED = 2,
    VC_HOOK_EXITED = 3,
    VC_HOOK_SIGNALLED = 4,
    VC_HOOK_TIME_LIMIT = 5,
};

struct vc_hook_record {
    int32_t kind;
    int32_t value;
    int32_t ended;
};

// Forks the guardian, which runs `path` with `argv` and `envp` (NULL-terminated, prepared by
// the caller), stdin from `stdin_fd`, stdout and stderr to `output_fd`, and nothing else open;
// after `time_limit_ms` the hook and every descendant end. Returns the guardian's pid, or
// -errno when it could not be forked. The caller closes its copies of the three descriptors.
pid_t vc_hook_guardian_start(const char *path, char *const argv[], char *const envp[],
                             int stdin_fd, int output_fd, int report_fd, int64_t time_limit_ms);

#endif
