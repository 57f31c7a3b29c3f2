/// Whether this run is likely a command that sends requests (`check`, `status`, `login`), judged
/// from the raw C arguments (`CommandLine.unsafeArgv`) before any Swift string or parser exists. Such a run starts loading
/// libcurl at once, on a thread of its own (`CurlLibrary.preload`): its 5 ms of library loading
/// then overlap the whole start-up, the runtime's included, which a cold `check` otherwise
/// pays first.
///
/// A guess, not a parse: an argument spelled like one of those commands, unless it is the value
/// of a global option (`--home status`). A wrong yes costs a library load in a process about
/// to exit; the full-screen app with such a word in its arguments would map libcurl before
/// its first frame, nothing worse. What the command really is, the command-line
/// parser decides afterwards.
public enum RequestCommandGuess {
    private static let commands: [StaticString] = ["check", "status", "login"]
    private static let valueOptions: [StaticString] = ["--home", "--env", "--lang", "--cacert", "--connect-to"]

    public static func sendsRequests(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32) -> Bool {
        var index = 1
        while index < Int(count) {
            guard let argument = argv[index] else { return false }
            if matches(argument, valueOptions) {
                index += 2
                continue
            }
            if matches(argument, commands) { return true }
            index += 1
        }
        return false
    }

    private static func matches(_ argument: UnsafePointer<CChar>, _ words: [StaticString]) -> Bool {
        words.contains { word in
            word.withUTF8Buffer { bytes in
                var offset = 0
                while offset < bytes.count {
                    guard UInt8(bitPattern: argument[offset]) == bytes[offset] else { return false }
                    offset += 1
                }
                return argument[offset] == 0
            }
        }
    }
}
