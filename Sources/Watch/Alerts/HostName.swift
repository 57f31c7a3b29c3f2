import Glibc
import SettingsStore

/// This machine's name as alerts give it (`VERBUMCARE_HOST`, the webhook's `host`): a chain of
/// facilities tells its boxes apart by it.
public enum HostName {
    public static var current: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : TextSanitizer.clean(name)
    }
}
