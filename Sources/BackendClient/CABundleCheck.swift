import Glibc
import SettingsStore

/// Whether a CA bundle file can verify servers: it exists, can be read and holds at least one
/// PEM certificate. The judgement is pure (`judge`); `inspect` reads the file. The settings
/// pane and `settings set ca_bundle` refuse what fails it, and `doctor` reports it.
public enum CABundleCheck {
    public enum Verdict: Equatable, Sendable {
        case usable(certificates: Int)
        case missing
        case unreadable
        case noCertificate
    }

    /// `contents` nil with `exists` true means the file could not be read.
    public static func judge(exists: Bool, contents: [UInt8]?) -> Verdict {
        guard exists else { return .missing }
        guard let contents else { return .unreadable }
        let count = certificateCount(in: contents)
        return count > 0 ? .usable(certificates: count) : .noCertificate
    }

    /// The localized refusal for a path that cannot serve as a CA bundle; nil when it can.
    public static func refusal(_ verdict: Verdict, path: String) -> AppError? {
        let parameters = ["path": TextSanitizer.clean(path)]
        switch verdict {
        case .usable: return nil
        case .missing: return AppError(key: "ui.pane.ca_bundle_missing", parameters: parameters)
        case .unreadable: return AppError(key: "ui.pane.ca_bundle_unreadable", parameters: parameters)
        case .noCertificate: return AppError(key: "ui.pane.ca_bundle_no_certificate", parameters: parameters)
        }
    }

    /// Reads `path` (at most 16 MiB: the Debian system bundle is about 200 KiB).
    public static func inspect(path: String) -> Verdict {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        guard (info.st_mode & S_IFMT) == S_IFREG,
              let contents = try? RegularFile.read(path, limit: maximumSize - 1) else {
            return .unreadable
        }
        return judge(exists: true, contents: Array(contents.bytes.prefix(maximumSize)))
    }

    static let maximumSize = 16 << 20

    static func certificateCount(in contents: [UInt8]) -> Int {
        let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
        guard contents.count >= marker.count else { return 0 }
        var count = 0
        var index = 0
        while index <= contents.count - marker.count {
            if contents[index] == marker[0], contents[index..<index + marker.count].elementsEqual(marker) {
                count += 1
                index += marker.count
            } else {
                index += 1
            }
        }
        return count
    }
}
