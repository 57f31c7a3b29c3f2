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
enum MainQueueLoop {
    static func run() -> Never {
        let handle = vc_main_queue_handle()
        while true {
            // What is queued already, then what each wake-up announces.
            vc_drain_main_queue()
            var ready = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            // Interrupted by a signal (EINTR): the handlers report through queues; look again.
            guard poll(&ready, 1, -1) > 0 else { continue }
            // The wake-up read before the work, so one that comes during the work is not lost.
            var count: UInt64 = 0
            _ = read(handle, &count, MemoryLayout<UInt64>.size)
        }
    }
}
