import Foundation
import Testing
import TestSupport

/// A command that preloads libcurl (on a thread of its own) and then ends at once, by a usage
/// error or a refusal, ends only after a load that has begun is finished: exit() tearing the
/// process down while dlopen or curl_global_init ran on the other thread crashed the command
/// about once in a hundred runs on a loaded machine (SIGSEGV, "free(): invalid pointer") instead
/// of exit status 64. A preloaded library makes one phase of the load slow for this process
/// alone, so that the command's exit falls inside it whenever the load has begun:
/// - the file's loading (dlopen of libcurl);
/// - OpenSSL's set-up, which libcurl's global init asks for and during which OpenSSL registers
///   its own cleanup with atexit; after the pause the set-up is asked for again, which fails
///   if exit has meanwhile run that cleanup (an atexit wait alone does not prevent that).
/// The library marks one file when the load begins and another when both phases went through;
/// after a run in which the load began, the second must exist.
@Suite struct LibcurlLoadAtExitTests {
    static let slowLoad = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <fcntl.h>
        #include <stdint.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        void *dlopen(const char *file, int mode) {
            void *(*real)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
            const char *pause = getenv("VC_TEST_SLOW_DLOPEN_US");
            const char *began = getenv("VC_TEST_LOAD_BEGAN_MARK");
            if (file != NULL && strstr(file, "libcurl") != NULL) {
                if (began != NULL) { int fd = open(began, O_WRONLY | O_CREAT, 0600); if (fd >= 0) close(fd); }
                if (pause != NULL) usleep(atoi(pause));  /* a slow disk */
            }
            return real(file, mode);
        }
        int OPENSSL_init_ssl(uint64_t options, const void *settings) {
            /* libssl came in with libcurl, which the app loads RTLD_LOCAL: not in the global scope. */
            void *(*open_library)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
            void *ssl = open_library("libssl.so.3", RTLD_LAZY | RTLD_NOLOAD);
            int (*real)(uint64_t, const void *) = (int (*)(uint64_t, const void *))dlsym(ssl, "OPENSSL_init_ssl");
            if (real == NULL) return 0;
            int first = real(options, settings);
            const char *pause = getenv("VC_TEST_SLOW_SSL_US");
            if (pause != NULL) usleep(atoi(pause));  /* a slow set-up, after OpenSSL registered its cleanup */
            const char *mark = getenv("VC_TEST_LOADED_MARK");
            if (first == 1 && real(options, settings) == 1 && mark != NULL) {
                int fd = open(mark, O_WRONLY | O_CREAT, 0600);
                if (fd >= 0) close(fd);
            }
            return first;
        }
        """

    @Test(arguments: [
        (["--connect-to", "nonsense", "status"], "VC_TEST_SLOW_DLOPEN_US"),
        (["--connect-to", "nonsense", "check"], "VC_TEST_SLOW_DLOPEN_US"),
        (["--connect-to", "nonsense", "status"], "VC_TEST_SLOW_SSL_US"),
        (["--connect-to", "nonsense", "check"], "VC_TEST_SLOW_SSL_US"),
    ])
    func aCommandEndingAtOnceWaitsForTheLoadItBegan(_ arguments: [String], _ slowPhase: String) async throws {
        let home = try TemporaryHome(prefix: "curl-exit")
        let library = try PreloadedLibrary.build(Self.slowLoad, named: "slow-curl-load", in: home.path)
        // A command may end before its preload thread was ever scheduled (a loaded machine):
        // the load then never begins, which is right, but tests nothing. The run is repeated
        // until a load began; each such run must end with the load complete.
        var runsWithALoad = 0
        for run in 0..<5 where runsWithALoad == 0 {
            let began = home.path + "/began-\(run)", loaded = home.path + "/loaded-\(run)"
            let result = try await BinaryRunner(home: home.path)
                .run(arguments, environment: ["LD_PRELOAD": library, "VC_TEST_LOAD_BEGAN_MARK": began,
                                              "VC_TEST_LOADED_MARK": loaded, slowPhase: "400000"])
            #expect(result.exitCode == 64, "a usage error: \(result)")
            guard FileManager.default.fileExists(atPath: began) else { continue }
            runsWithALoad += 1
            #expect(FileManager.default.fileExists(atPath: loaded),
                    "the process ended, or OpenSSL was cleaned up, while libcurl was loading: \(result)")
        }
        #expect(runsWithALoad > 0, "in 5 runs the preload never began before the command ended")
    }
}
