import Testing
@testable import BackendClient
#if canImport(Glibc)
import Glibc
#endif

/// Which runs start loading libcurl before anything else (`RequestCommandGuess`).
@Suite struct RequestCommandGuessTests {
    @Test(arguments: [
        (["check"], true),
        (["--lang", "ja", "check", "pn51", "--json"], true),
        (["--connect-to", "::127.0.0.1:1", "status"], true),
        (["login", "--user", "nurse"], true),
        (["--plain", "status", "--json"], true),
        // Values of global options and other spellings are not commands.
        (["--home", "status"], false),
        (["--home", "/tmp/x", "--env", "check"], false),
        (["--home=status"], false),
        (["--connect-to", "login"], false),
        (["statuses"], false), (["chec"], false), (["CHECK"], false), ([""], false),
        (["settings", "show"], false), (["lang", "ja"], false), (["validate", "https://x.example/api"], false),
        ([], false),
    ])
    func guess(_ arguments: [String], _ expected: Bool) {
        let argv = (["verbumcare-tui"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pointers = argv
        let guess = pointers.withUnsafeMutableBufferPointer { buffer in
            RequestCommandGuess.sendsRequests(buffer.baseAddress!, count: Int32(arguments.count + 1))
        }
        #expect(guess == expected, "\(arguments)")
    }
}
