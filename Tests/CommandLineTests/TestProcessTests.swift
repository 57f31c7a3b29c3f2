import Glibc
import Testing
import TestSupport

/// The test process runs the product's code in-process (alert delivery, hooks, loops), so it is
/// set up as the product's processes are: SPEC §15.3, no process is ended by a peer. A run of
/// the suite was once ended with signal 13 by a write into a pipe whose reader had gone.
@Suite("the test process, set up as the product's")
struct TestProcessTests {
    @Test("a write to a pipe nobody reads fails with EPIPE; it does not end the process")
    func aWriteToAPipeNobodyReadsFailsWithEPIPE() async {
        #expect(TestProcess.ignoresSIGPIPE)
        // In a process of its own (this binary again, set up the same way), so that a SIGPIPE
        // would fail this test alone.
        await #expect(processExitsWith: .success) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { exit(2) }
            close(ends[0])
            var byte: UInt8 = 1
            let written = write(ends[1], &byte, 1)
            exit(written == -1 && errno == EPIPE ? 0 : 1)
        }
    }
}
