import AppCore
import Glibc
import Localization
import SettingsStore

/// Writes the staff status page (SPEC §16): `index.html` in the facility's language and one
/// page per language, each atomically (a temporary file in the same folder, renamed over the
/// page), mode 0644 so the facility's nginx can serve them.
///
/// The monitor may run as root and the folder is named in a setting, so it writes only into
/// a folder that is ours (a real folder, not a link, owned by this user, writable by no one
/// else: nobody else can put a link there between the check and the rename) and only replaces
/// pages it wrote itself (a regular file that starts with `StatusPageHTML.marker`). A rename
/// replaces the name, never writes through a link. Anything else is refused before any page
/// is written.
public enum StatusPageWriter {
    /// The page files, `index.html` first.
    public static let fileNames = ["index.html"] + AppLanguage.allCases.map(StatusPageHTML.fileName)

    /// Why `directory` cannot take the page, or nil when it can.
    public static func check(directory: String) -> StatusPageProblem? {
        guard NativeSettings.isStatusPageDir(directory) else { return .notAbsolute(directory) }
        var st = stat()
        guard lstat(directory, &st) == 0 else {
            let code = errno
            guard code != ENOENT else { return .missing(directory) }
            return .writeFailed(directory, reason: ErrorReason.text(PersistenceError.io(operation: "stat", path: directory, errno: code)))
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return .notDirectory(directory) }
        guard st.st_uid == geteuid() else { return .notOurs(directory, uid: st.st_uid) }
        guard st.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return .openToOthers(directory) }
        return nil
    }

    /// Writes every page of `model`; throws a `StatusPageProblem` and writes nothing when the
    /// folder or one of the files is not ours.
    public static func write(_ model: StatusPageModel, directory: String, language: AppLanguage,
                             clock: StatusPageClock) throws(StatusPageProblem) {
        if let problem = check(directory: directory) { throw problem }
        let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let paths = fileNames.map { folder + "/" + $0 }
        for path in paths where !isOurs(path) { throw .fileNotOurs(path) }
        let pages = AppLanguage.allCases.map { StatusPageHTML(model: model, language: $0, clock: clock).document }
        let index = StatusPageHTML(model: model, language: language, clock: clock).document
        for (path, page) in zip(paths, [index] + pages) {
            do {
                try AtomicFile.write(Array(page.utf8), to: path, followLinks: false, mode: 0o644)
            } catch {
                throw .writeFailed(path, reason: ErrorReason.text(error))
            }
        }
    }

    /// Missing, or a regular file (not a link) that starts like a page this program wrote.
    static func isOurs(_ path: String) -> Bool {
        let read: RegularFile.Contents??
        do { read = .some(try RegularFile.read(path, limit: 4 << 20, followLinks: false)) } catch { read = nil }
        // A link, a folder, a special file or an unreadable file: not ours.
        guard let found = read else { return false }
        guard let existing = found else { return true }
        let head = String(decoding: existing.bytes.prefix(200), as: UTF8.self)
        return head.contains(StatusPageHTML.marker)
    }

    /// The machine's offset from UTC at `seconds` (what the page's times are given in).
    public static func localClock(at seconds: Double) -> StatusPageClock {
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        localtime_r(&time, &fields)
        return StatusPageClock(utcOffsetSeconds: Int(fields.tm_gmtoff))
    }
}
