import Foundation
import Testing

/// One clock (`AppClock`): no file in Sources outside Timekeeping reads the wall or monotonic
/// clock, sleeps or arms a timer by itself. The few that must (a kernel wait on a real
/// descriptor, libcurl's thread, C between fork and exec, a measurement of CPU time) are listed
/// below, each with why; an entry that no longer matches anything fails too, so the list stays
/// true.
@Suite("No clock reads outside AppClock")
struct NoClockReadsTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Timekeeping
        .deletingLastPathComponent() // SettingsStoreTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// What reads a clock, waits or arms a timer, by name.
    static let reads: [(name: String, pattern: String)] = [
        ("clock_gettime", #"\bclock_gettime\s*\("#),
        ("CLOCK_ id", #"\bCLOCK_[A-Z_]+\b"#),
        ("gettimeofday/time()", #"\bgettimeofday\s*\(|(?<![\w.])time\s*\(\s*(nil|NULL|&|0\s*\))"#),
        ("Date()", #"\bDate\s*\(\s*\)|\bDate\.now\b|\bDate\(timeIntervalSinceNow"#),
        ("Dispatch time", #"\bDispatch(Wall)?Time\b|\basyncAfter\b|\bmakeTimerSource\b"#),
        ("Swift clocks", #"\b(Continuous|Suspending)Clock\b"#),
        // The scan's patterns and samples (here and in theScanSeesEachKind) are text, not pauses.
        ("Task.sleep", #"\bTask\.sleep\b"#),
        ("C sleeps", #"(?<![\w.])(usleep|nanosleep|sleep|alarm|setitimer)\s*\("#),
        ("timerfd", #"\btimerfd_\w+"#),
        ("Foundation timers", #"\bTimer\.scheduledTimer\b|\bRunLoop\b"#),
        ("AppClock's system readings", #"\bAppClock\.(wallSeconds|monotonicSeconds|monotonicNanoseconds|monotonicMilliseconds|taskSleep)\b"#),
    ]

    /// (file under Sources, read, why it may).
    static let allowed: [(file: String, read: String, why: String)] = [
        ("BackendClient/CurlTransfer.swift", "AppClock's system readings",
         "libcurl times its transfers on CLOCK_MONOTONIC on the engine thread; the engine's deadline must be on that clock"),
        ("BackendClient/CurlEngine.swift", "AppClock's system readings",
         "the engine thread (libcurl's) ends transfers at their deadline between real waits in poll(2)"),
        ("BackendClient/CurlEngine.swift", "clock_gettime",
         "the engine thread's CPU time: a measurement of work, not the time"),
        ("CCurl/CCurl.c", "clock_gettime", "a C callback on libcurl's thread stamps when the first socket opened"),
        ("CCurl/CCurl.c", "CLOCK_ id", "the same stamp, on libcurl's own clock"),
        ("CHookGuard/hook_guard.c", "clock_gettime",
         "the hook guardian runs between fork and exec: async-signal-safe C, no Swift, no injected clock"),
        ("CHookGuard/hook_guard.c", "CLOCK_ id", "the same guardian's time limit, in C"),
        ("CHookGuard/hook_guard.c", "C sleeps", "the same guardian's pause between its checks"),
        ("CPlatform/shim.h", "timerfd", "the timerfd SecondTicker arms on the system clock only (AppClock.isSystem)"),
        ("CPlatform/shim.h", "CLOCK_ id", "the same timerfd, on CLOCK_MONOTONIC"),
        ("AppLoop/SecondTicker.swift", "timerfd",
         "on the system clock only: a dispatch timer woke the process twice per tick; on any other clock it uses AppClock.schedule"),
        ("AppLoop/FrameStats.swift", "clock_gettime", "the thread's CPU time per frame: a measurement, not the time"),
        ("AppLoop/FrameStats.swift", "CLOCK_ id", "the same measurement of CPU time"),
        ("History/PruneClock.swift", "clock_gettime",
         "CLOCK_BOOTTIME is the check on the wall clock (which may be wrong), so it cannot come from it; kept with the boot id for other processes"),
        ("History/PruneClock.swift", "CLOCK_ id", "the same boot clock, CLOCK_BOOTTIME"),
        ("History/RecorderLock.swift", "C sleeps", "a real pause for another process to let go of the lock"),
        ("SettingsStore/Persistence/CheckedReplace.swift", "C sleeps", "a real pause for another process's save (no leases)"),
        ("SettingsStore/Persistence/LeaseWait.swift", "C sleeps", "real pauses for another process to let go of a file"),
        ("SettingsStore/Persistence/JSONObjectFile.swift", "C sleeps", "a real pause for an editor's save to finish"),
        ("SettingsStore/Persistence/SettingsFileWatcher+Hub.swift", "AppClock's system readings",
         "its thread waits in poll(2) for inotify; the kernel counts the debounce in real time"),
        ("SettingsStore/Persistence/FileIdentity.swift", "AppClock's system readings",
         "a file's age against the clock the kernel stamped its modification time with"),
        ("SettingsStore/Persistence/AsideFile.swift", "AppClock's system readings",
         "a kept file's name beside the kernel's own stamps on it; file code takes no clock"),
        ("Watch/Alerts/HookProcess.swift", "AppClock's system readings",
         "a real child process under the guardian's CLOCK_MONOTONIC limit, read while waiting in poll(2)"),
        ("TerminalBackend/Probe/TerminalProbe.swift", "AppClock's system readings",
         "waits in poll(2) for a real terminal's answers, before the loop and its clock exist"),
        ("TerminalBackend/Probe/TerminalInputPipe.swift", "AppClock's system readings",
         "times a real terminal's pause between the bytes of one answer as they arrive"),
    ]

    struct Read: Hashable, CustomStringConvertible {
        let file: String
        let read: String
        let line: String
        var description: String { "\(file): \(read): \(line)" }
    }

    /// Every read in the code (comments and string literals left out) of every Swift and C file
    /// outside Timekeeping.
    static func readsInSources() throws -> [Read] {
        // One expression with a named group per read: one pass over each file.
        let any = try NSRegularExpression(pattern: reads.indices.map { "(?<r\($0)>\(reads[$0].pattern))" }.joined(separator: "|"))
        var found: [Read] = []
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let relative = enumerator?.nextObject() as? String {
            guard [".swift", ".c", ".h"].contains(where: relative.hasSuffix), !relative.hasPrefix("Timekeeping/") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            let code = codeOnly(text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for match in any.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let kind = reads.indices.first(where: { match.range(withName: "r\($0)").location != NSNotFound }),
                      let range = Range(match.range, in: code) else { continue }
                let line = code[..<range.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                found.append(Read(file: relative, read: reads[kind].name, line: lines[line].trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }

    /// The text with comments and the insides of string literals blanked (line breaks kept, so
    /// lines still count), for Swift and C alike.
    static func codeOnly(_ text: String) -> String {
        enum Place { case code, lineComment, blockComment, string }
        var place = Place.code
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        out.reserveCapacity(bytes.count)
        var index = 0
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""),
            backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch place {
            case .code:
                if byte == slash && next == slash { place = .lineComment; out += [space, space]; index += 2; continue }
                if byte == slash && next == star { place = .blockComment; out += [space, space]; index += 2; continue }
                if byte == quote { place = .string }
                out.append(byte)
            case .lineComment:
                if byte == newline { place = .code }
                out.append(byte == newline ? newline : space)
            case .blockComment:
                if byte == star && next == slash { place = .code; out += [space, space]; index += 2; continue }
                out.append(byte == newline ? newline : space)
            case .string:
                if byte == backslash && next != newline { out += [space, space]; index += 2; continue }
                if byte == quote || byte == newline { place = .code; out.append(byte) } else { out.append(space) }
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("no file outside Timekeeping reads the clock, sleeps or arms a timer, but those allowed, each for its reason")
    func noReadsButTheAllowedOnes() throws {
        let found = try Self.readsInSources()
        #expect(found.count > 10, "the scan finds the allowed reads: \(found.count)")
        let allowed = Set(Self.allowed.map { "\($0.file)|\($0.read)" })
        #expect(allowed.count == Self.allowed.count, "one entry per file and read")
        let unexplained = found.filter { !allowed.contains("\($0.file)|\($0.read)") }
        let listed = unexplained.map(\.description).joined(separator: "\n")
        #expect(unexplained.isEmpty, "reads of the clock outside AppClock (inject an AppClock, or allow with a reason):\n\(listed)")
        let used = Set(found.map { "\($0.file)|\($0.read)" })
        let stale = Self.allowed.filter { !used.contains("\($0.file)|\($0.read)") }
        #expect(stale.isEmpty, "allowed reads no longer there (remove them): \(stale.map { "\($0.file) \($0.read)" })")
        #expect(Self.allowed.allSatisfy { $0.why.count > 20 }, "every allowed read says why")
    }

    @Test("the scan sees each kind of read, and leaves comments alone")
    func theScanSeesEachKind() throws {
        let samples = ["clock_gettime(CLOCK_REALTIME, &t)", "let d = Date()", "Date.now", "DispatchTime.now()",
                       "queue.asyncAfter(deadline: x)", "ContinuousClock.now", "try await Task.sleep(for: x)",
                       "usleep(10)", "nanosleep(&p, nil)", "sleep(1)", "time(nil)", "gettimeofday(&tv, nil)",
                       "timerfd_settime(fd, 0, &v, nil)", "AppClock.wallSeconds()", "AppClock.monotonicNanoseconds()"]
        let expressions = try Self.reads.map { try NSRegularExpression(pattern: $0.pattern) }
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            #expect(expressions.contains { $0.firstMatch(in: sample, range: range) != nil }, "\(sample)")
        }
        for hidden in ["// usleep(10) in a comment", "/* Task.sleep */ let x = 1", #"let text = "Date() in a string""#] {
            let code = Self.codeOnly(hidden)
            let range = NSRange(code.startIndex..., in: code)
            #expect(!expressions.contains { $0.firstMatch(in: code, range: range) != nil }, "\(hidden)")
        }
        for injected in ["clock.now()", "try await clock.sleep(2)", "store.clock.monotonic()", "runtime(at: now)",
                         "let sleepTime = 3", "wakeTime(x)"] {
            let range = NSRange(injected.startIndex..., in: injected)
            #expect(!expressions.contains { $0.firstMatch(in: injected, range: range) != nil }, "\(injected)")
        }
    }
}
