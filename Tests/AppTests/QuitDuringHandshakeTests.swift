import Foundation
import Testing
import TestSupport

/// The app quits while a probe's TLS handshake is in progress on libcurl's engine thread, and
/// the process ends only after that handshake's step has returned: exit's handlers run
/// OpenSSL's cleanup, which must not happen under a thread that is inside OpenSSL (the same
/// class as a usage error during libcurl's load, `LibcurlLoadAtExitTests`). A preloaded library
/// holds the first handshake step for 1.5 s, marks a file when it begins and another when it
/// has returned; the second must exist once the app has exited.
@Suite struct QuitDuringHandshakeTests {
    static let slowHandshake = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <fcntl.h>
        #include <stdlib.h>
        #include <unistd.h>
        static void mark(const char *variable) {
            const char *path = getenv(variable);
            if (path == NULL) return;
            int fd = open(path, O_WRONLY | O_CREAT, 0600);
            if (fd >= 0) close(fd);
        }
        int SSL_connect(void *ssl) {
            static int held;
            /* libssl came in with libcurl, which the app loads RTLD_LOCAL: not in the global scope. */
            void *(*open_library)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
            int (*real)(void *) = (int (*)(void *))dlsym(open_library("libssl.so.3", RTLD_LAZY | RTLD_NOLOAD), "SSL_connect");
            if (real == NULL) return -1;
            if (held++ > 0) return real(ssl);
            mark("VC_TEST_HANDSHAKE_BEGAN");
            usleep(1500000);  /* a slow handshake step: the quit comes meanwhile */
            int result = real(ssl);
            mark("VC_TEST_HANDSHAKE_RETURNED");
            return result;
        }
        """

    @Test func quittingWaitsForTheHandshakeStepInProgress() async throws {
        let folder = try TemporaryHome(prefix: "slow-handshake")
        let library = try PreloadedLibrary.build(Self.slowHandshake, named: "slow-handshake", in: folder.path)
        let began = folder.path + "/began", returned = folder.path + "/returned"
        var options = AppFixture.Options()
        options.environment = ["LD_PRELOAD": library, "VC_TEST_HANDSHAKE_BEGAN": began,
                               "VC_TEST_HANDSHAKE_RETURNED": returned]
        let app = try await AppFixture.start(options)
        defer { app.close() }
        #expect(await Eventually.holds(within: .seconds(60)) { FileManager.default.fileExists(atPath: began) },
                "a probe's handshake began")
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: returned),
                "the app ended while the engine thread was inside OpenSSL")
    }
}
