#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Entry point. Global options may come before or after a subcommand's name (SPEC §11);
// `ArgumentNormalizer` puts them where swift-argument-parser looks for them.
let arguments = Array(CommandLine.arguments.dropFirst())
if ArgumentNormalizer.asksForVersion(arguments) {
    Console.emit(VerbumTUIVersion.versionLine + "\n", to: STDOUT_FILENO)
    exit(0)
}
VerbumTUICommand.main(ArgumentNormalizer.normalize(arguments))
