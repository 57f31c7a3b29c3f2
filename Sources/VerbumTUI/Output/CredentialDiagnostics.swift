import Connectivity
import SettingsStore
import Synchronization

/// The command line's ear for what reads of credentials files find: each problem once per run,
/// on stderr (a file made private as a warning, a refused file or token as an error).
enum CredentialDiagnostics {
    static func reporter(console: Console) -> CredentialReport {
        let told = Mutex<Set<String>>([])
        return { _, problems in
            for problem in problems {
                let identity = problem.key + "\u{0}" + problem.parameters.sorted { $0.key < $1.key }
                    .map { $0.key + "=" + $0.value }.joined(separator: "\u{0}")
                guard told.withLock({ $0.insert(identity).inserted }) else { continue }
                if problem.key == "files.credentials_fixed" {
                    console.warning(problem.key, problem.parameters)
                } else {
                    console.error(problem.key, problem.parameters)
                }
            }
        }
    }
}
