// The test process hosts the product's code in-process (stores, loops, the monitor's alert
// delivery, hook runs): it must give that code the process the product gives it. The product
// ignores SIGPIPE before any thread starts (Sources/VerbumTUI/main.swift, SPEC §15.3: no process
// is ended by a peer), so a hook that exits without reading its stdin makes a write fail with
// EPIPE. Without the same here, that write ended the whole test run with signal 13. A
// constructor, because it must hold before Swift Testing starts its first thread.
#include <signal.h>
#include "test_process.h"

__attribute__((constructor)) static void vc_test_process_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int vc_test_process_ignores_sigpipe(void) {
    struct sigaction current;
    return sigaction(SIGPIPE, 0, &current) == 0 && current.sa_handler == SIG_IGN;
}
