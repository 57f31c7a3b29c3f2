import Foundation
import TestSupport

/// The repository's shipped configuration files, and a shell to run the tools that check them
/// (posix_spawn through `ShellCommand`; never Foundation.Process, which can hang a full run).
enum ShippedFiles {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let rules = repository + "/monitoring/prometheus/verbumcare-rules.yml"
    static let ruleTests = repository + "/monitoring/prometheus/verbumcare-rules.test.yml"
    static let alertmanager = repository + "/monitoring/alertmanager/alertmanager.yml"
    static let unit = repository + "/packaging/systemd/verbumcare-tui-monitor.service"
    static let hooks = repository + "/docs/hooks"

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// `text` as one word for /bin/sh.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Runs `script` with /bin/sh in `folder`; stdout and stderr together.
    static func shell(_ script: String, in folder: String) -> (status: Int32, output: String) {
        let log = folder + "/shell-\(UUID().uuidString).log"
        let status = ShellCommand.run("cd \(quote(folder)) && { \(script)\n} > \(quote(log)) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        return (status, output)
    }

    /// Copies `source` into `folder` (optionally changed on the way) and returns the copy's path.
    static func copy(_ source: String, to folder: String, as name: String? = nil,
                     change: (String) -> String = { $0 }) throws -> String {
        let target = folder + "/" + (name ?? (source as NSString).lastPathComponent)
        try TestFile.write(Data(change(try read(source)).utf8), to: target)
        return target
    }
}
