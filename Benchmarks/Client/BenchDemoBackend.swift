import Foundation
import SettingsStore

/// The demo backend (DemoBackend/demo_backend.py) run for a benchmark: started in machine
/// mode, read its ready line, stopped by closing its stdin. A small cousin of TestSupport's
/// DemoBackendProcess, which the benchmark target cannot import (see Package.swift).
final class BenchDemoBackend {
    /// The ready line, read with the project's one JSON reader.
    struct Ready {
        struct Server { var host: String; var port: Int; var mode: String }
        var ca: String
        var control: Int
        var servers: [String: Server]
        var connectTo: [String]

        init(line: [UInt8]) throws {
            guard let json = JSON.parse(line), let ca = json["ca"]?.stringValue, let control = json["control"]?.intValue,
                  let servers = json["servers"]?.objectValue, let connectTo = json["connectTo"]?.arrayValue else {
                throw BenchError("the demo backend's ready line is not what it should be")
            }
            self.ca = ca
            self.control = control
            self.connectTo = connectTo.compactMap(\.stringValue)
            var byId: [String: Server] = [:]
            for (id, server) in servers {
                guard let host = server["host"]?.stringValue, let port = server["port"]?.intValue,
                      let mode = server["mode"]?.stringValue else { throw BenchError("demo server \(id) has no host, port or mode") }
                byId[id] = Server(host: host, port: port, mode: mode)
            }
            self.servers = byId
        }
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
        ready = try Ready(line: Array(line))
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
