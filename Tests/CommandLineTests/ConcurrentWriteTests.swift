import Foundation
import Testing
import TestSupport

/// Two copies writing at once, and a copy killed while writing, never lose custom servers
/// (docs/PRODUCT.md: Files: atomic writes, locked read-modify-write).
@Suite struct ConcurrentWriteTests {
    @Test func twoProcessesAddingAtOnceKeepAll40() async throws {
        let session = try CLI.Session()
        let runner = session.runner
        let addresses: [[String]] = ["a", "b"].map { prefix in
            (0..<20).map { "https://\(prefix)\($0).example.org/api" }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for list in addresses {
                group.addTask {
                    for address in list {
                        let result = try await runner.run(["settings", "add-custom", address])
                        #expect(result.exitCode == 0, "\(result)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(Set(session.customServers()) == Set(addresses.flatMap { $0 }))
        #expect(session.customServers().count == 40)
    }

    @Test func killedWriterLeavesReadableFileWithEveryCompletedServer() async throws {
        let session = try CLI.Session()
        var completed: [String] = []
        var killed = 0
        var runs = 0
        // 60 runs, and more while none was killed: a kill timed on the test process's busy
        // pool can come after a fast writer has ended (one run of the suite saw 0 of 45 killed).
        // At most 300, so a writer that can never be killed still fails the test below.
        for index in 0..<300 where index < 60 || killed == 0 {
            runs += 1
            let address = "https://k\(index).example.org/api"
            // Every fourth add runs to completion, so there are always servers that must survive.
            let arguments = ["settings", "add-custom", address]
            let result = index % 4 == 3
                ? try await session.runner.run(arguments)
                : try await session.runner.runKilled(arguments, after: .milliseconds(Int.random(in: 0...80)))
            if result.exitCode == 0 { completed.append(address) }
            if result.signal == SIGKILL { killed += 1 }
            #expect(result.exitCode == 0 || result.signal == SIGKILL, "\(result)")

            guard let bytes = session.settingsBytes() else {
                #expect(completed.isEmpty, "settings.json vanished after \(completed.count) completed adds")
                continue
            }
            let parsed = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
            #expect(parsed != nil, "settings.json does not parse after iteration \(index)")
            let stored = Set(parsed?["custom_servers"] as? [String] ?? [])
            #expect(stored.isSuperset(of: completed), "lost: \(Set(completed).subtracting(stored))")
        }
        print("killed writers: \(killed) of \(runs - runs / 4) runs killed at 0 to 80 ms, \(completed.count) adds completed")
        // The test means something only if some runs were really interrupted and some finished.
        #expect(killed > 0)
        #expect(!completed.isEmpty)
        // No corrupt copies: a killed writer never leaves a half-written settings.json behind.
        let aside = try FileManager.default.contentsOfDirectory(atPath: session.home.configDirectory)
            .filter { $0.contains(".corrupt-") }
        #expect(aside.isEmpty, "\(aside)")
    }
}
