import Glibc

/// Which files of the hook folders run, as NetworkManager's dispatcher decides for its scripts
/// (its `check_permissions`), made a little stricter (SPEC §15.3 Trust): the file, after links,
/// is a regular file owned by this process's user or by root, writable by nobody else, not
/// set-user-ID or set-group-ID, and the folder holding it (and the hook folder the entry is in)
/// belongs to that user or root and is writable by nobody else. A sticky folder such as /tmp
/// counts as writable by others.
public enum HookTrust {
    /// Why a hook was not run. The raw value is the code the log and `doctor` name.
    public enum Reason: String, Equatable, Hashable, Sendable, CaseIterable {
        case writableByOthers = "writable_by_others"
        case writableByGroup = "writable_by_group"
        case ownedByAnotherUser = "owned_by_another_user"
        case setUserOrGroupID = "setuid_or_setgid"
        case folderWritableByOthers = "folder_writable_by_others"
        case folderOwnedByAnotherUser = "folder_owned_by_another_user"
        case notARegularFile = "not_a_regular_file"
        case brokenLink = "broken_link"
    }

    /// Everything the rules look at, for one entry of a hook folder.
    struct Facts {
        /// Where the entry leads when it is a link (after every link when that resolves).
        var linkTarget: String?
        /// The file it names after links (`stat`), nil when the link leads nowhere.
        var target: FileFacts?
        /// The folder holding the file after links, and the hook folder the entry is in.
        var targetFolder: FileFacts?
        var entryFolder: FileFacts?
    }

    struct FileFacts {
        var mode: mode_t
        var owner: uid_t

        init(mode: mode_t, owner: uid_t) {
            self.mode = mode
            self.owner = owner
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(mode: info.st_mode, owner: info.st_uid)
        }

        var isRegular: Bool { mode & S_IFMT == S_IFREG }
    }

    /// The verdict for one entry: nil to run it. A pure function of the facts, so the rules are
    /// tried over every combination of modes and owners without files (HookTrustPropertyTests),
    /// and each with real files too (AlertsTrustTests).
    static func verdict(_ facts: Facts, user: uid_t) -> Reason? {
        func trustedOwner(_ owner: uid_t) -> Bool { owner == user || owner == 0 }
        guard let target = facts.target else { return .brokenLink }
        guard target.isRegular else { return .notARegularFile }
        guard trustedOwner(target.owner) else { return .ownedByAnotherUser }
        if target.mode & S_IWOTH != 0 { return .writableByOthers }
        if target.mode & S_IWGRP != 0 { return .writableByGroup }
        if target.mode & (S_ISUID | S_ISGID) != 0 { return .setUserOrGroupID }
        for folder in [facts.entryFolder, facts.targetFolder] {
            guard let folder else { return .folderOwnedByAnotherUser }
            guard trustedOwner(folder.owner) else { return .folderOwnedByAnotherUser }
            if folder.mode & (S_IWGRP | S_IWOTH) != 0 { return .folderWritableByOthers }
        }
        return nil
    }

    /// The facts of `path`, an entry of `folder`.
    static func facts(of path: String, in folder: String) -> Facts {
        var entry = stat()
        let isLink = lstat(path, &entry) == 0 && entry.st_mode & S_IFMT == S_IFLNK
        let resolved = realPath(path)
        return Facts(linkTarget: isLink ? resolved ?? linkText(path) : nil, target: FileFacts(path: path),
                     targetFolder: resolved.flatMap { FileFacts(path: parent(of: $0)) },
                     entryFolder: FileFacts(path: folder))
    }

    /// What a link says, for one that leads nowhere.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path after every link, nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// A hook that was not run, and why (`alerts test` lists these; the runtime logs each once).
public struct SkippedHook: Equatable, Hashable, Sendable {
    public var path: String
    public var reason: HookTrust.Reason
    /// Where the link leads, when the entry is a link: the reason is then about that file.
    public var linkTarget: String?

    public init(path: String, reason: HookTrust.Reason, linkTarget: String? = nil) {
        self.path = path
        self.reason = reason
        self.linkTarget = linkTarget
    }
}

/// What the hook folders hold: the hooks that run, in the order they start (the user's folder
/// first, each in name order), and those skipped.
public struct HookScan: Equatable, Sendable {
    public var trusted: [String]
    public var skipped: [SkippedHook]

    public init(trusted: [String] = [], skipped: [SkippedHook] = []) {
        self.trusted = trusted
        self.skipped = skipped
    }
}
