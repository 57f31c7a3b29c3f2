import Glibc
import PropertyBased
import Testing
import TestSupport
@testable import Watch

/// The trust rules (SPEC §15.3) as a property over every combination of file type, mode bits
/// and owners of the file and its two folders: a hook runs exactly when each rule holds, and a
/// refused one is refused for a rule it really breaks. AlertsTrustTests tries each rule with
/// real files.
@Suite("hook trust rules, property")
struct HookTrustPropertyTests {
    enum TrustGen: RandomChoices {}

    static let user: uid_t = 1000
    static let owners: [uid_t] = [user, 0, 65534, 1001]

    static func file(_ rng: inout TrustGen.RNG, types: [mode_t]) -> HookTrust.FileFacts {
        HookTrust.FileFacts(mode: TrustGen.pick(types, &rng) | mode_t(TrustGen.int(0...0o7777, &rng)),
                            owner: TrustGen.pick(owners, &rng))
    }

    static let facts = shrinking { rng in
        // The simplest draw (a trusted regular file in trusted folders) shrinks towards the rule broken.
        let target: HookTrust.FileFacts? = TrustGen.chance(0.05, &rng)
            ? nil : file(&rng, types: [S_IFREG, S_IFREG, S_IFREG, S_IFDIR, S_IFIFO])
        let folder = { (rng: inout TrustGen.RNG) -> HookTrust.FileFacts? in
            TrustGen.chance(0.05, &rng) ? nil : file(&rng, types: [S_IFDIR])
        }
        return HookTrust.Facts(linkTarget: nil, target: target, targetFolder: folder(&rng), entryFolder: folder(&rng))
    }

    /// The rules as SPEC words them, each on its own.
    static func broken(_ facts: HookTrust.Facts) -> Set<HookTrust.Reason> {
        var broken: Set<HookTrust.Reason> = []
        let mine: Set<uid_t> = [user, 0]
        guard let target = facts.target else { return [.brokenLink] }
        if target.mode & S_IFMT != S_IFREG { return [.notARegularFile] }
        if !mine.contains(target.owner) { broken.insert(.ownedByAnotherUser) }
        if target.mode & 0o002 != 0 { broken.insert(.writableByOthers) }
        if target.mode & 0o020 != 0 { broken.insert(.writableByGroup) }
        if target.mode & 0o6000 != 0 { broken.insert(.setUserOrGroupID) }
        for folder in [facts.targetFolder, facts.entryFolder] {
            guard let folder, mine.contains(folder.owner) else { broken.insert(.folderOwnedByAnotherUser); continue }
            if folder.mode & 0o022 != 0 { broken.insert(.folderWritableByOthers) }
        }
        return broken
    }

    @Test("a hook runs exactly when every rule holds; a refusal names a rule it breaks")
    func verdictMatchesTheRules() async {
        await propertyCheck(count: 1000, input: Self.facts) { facts in
            let verdict = HookTrust.verdict(facts, user: Self.user)
            let broken = Self.broken(facts)
            if let verdict {
                #expect(broken.contains(verdict), "\(verdict) for \(facts), broken: \(broken)")
            } else {
                #expect(broken.isEmpty, "trusted, but breaks \(broken): \(facts)")
            }
        }
    }
}
