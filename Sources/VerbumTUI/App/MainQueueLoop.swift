import AppLoop
import CPlatform
import Glibc

/// Runs the main dispatch queue on the main thread for the rest of the process: what
/// `dispatchMain()` does, without ending the main thread.
///
/// `dispatchMain()` ends the main thread with `pthread_exit`, and glibc unwinds that thread's
/// stack first: libgcc reads the binary's unwind tables (`.eh_frame_hdr`, `.eh_frame`) for every
/// frame, about 0.4 MB of the binary's pages that nothing else reads (SPEC §13's own pages;
/// Benchmarks/scripts/memory-probe.py). Here the main thread waits on the main queue's wake-up
/// descriptor and runs the queue itself, through the interface CoreFoundation's run loop uses.
/// The main queue (and so `@MainActor` code, the dispatch sources on it and ncurses) then always
/// runs on this one thread.
///
/// The descriptors of `MainLoopWaits` (the screen's tick) are polled in the same poll(2): their
/// event wakes this thread alone, where a dispatch source on the main queue also woke
/// libdispatch's manager thread twice (issue 26).
enum MainQueueLoop {
    /// Tells `MainLoopWaits` that this loop will poll its descriptors: called before the app's
    /// first frame, so the screen's ticker never starts a dispatch source.
    @MainActor
    static func willRun() {
        MainLoopWaits.willPoll()
    }

    static func run() -> Never {
        let handle = vc_main_queue_handle()
        var waits: [pollfd] = []
        while true {
            // What is queued already, then what each wake-up announces.
            vc_drain_main_queue()
            // This is the main thread, the main actor's (the main queue runs only here).
            let extra = MainActor.assumeIsolated { MainLoopWaits.descriptors }
            waits.removeAll(keepingCapacity: true)
            waits.append(pollfd(fd: handle, events: Int16(POLLIN), revents: 0))
            for descriptor in extra { waits.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            // Interrupted by a signal (EINTR): the handlers report through queues; look again.
            guard poll(&waits, nfds_t(waits.count), -1) > 0 else { continue }
            if waits[0].revents != 0 {
                // The wake-up read before the work, so one that comes during the work is not lost.
                var count: UInt64 = 0
                _ = read(handle, &count, MemoryLayout<UInt64>.size)
            }
            for wait in waits.dropFirst() where wait.revents != 0 {
                MainActor.assumeIsolated { MainLoopWaits.ready(wait.fd) }
            }
        }
    }
}
