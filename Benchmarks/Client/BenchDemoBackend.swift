import Foundation

/// The demo backend (DemoBackend/demo_backend.py) run for a benchmark: started in machine
/// mode, read its ready line, stopped by closing its stdin. A small cousin of TestSupport's
/// DemoBackendProcess, which the benchmark target cannot import (see Package.swift).
final class BenchDemoBackend {
    struct Ready: Decodable {
        struct Server: Decodable { var host: String; var port: Int; var mode: String }
        var ca: String
        var control: Int
        var servers: [String: Server]
        var connectTo: [String]
    }

    let ready: Ready
    private let process: Process
    private let stdin: Pipe

    init(script: String, arguments: [String] = []) throws {
        guard FileManager.default.fileExists(atPath: script) else {
            throw BenchError("demo backend not found at \(script); run from the repository root or pass --demo-script")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "run", "--exit-on-stdin-close"] + arguments
        stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        var line = Data()
        let handle = stdout.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { throw BenchError("demo backend exited before it was ready") }
            if byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        ready = try JSONDecoder().decode(Ready.self, from: line)
    }

    func stop() {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
