/// What stops `.local` names from resolving on this machine, most basic first. Pure: made
/// from `MDNSFacts`, shared by `doctor` and by the advice for a `dns` failure.
public struct MDNSFinding: Equatable, Sendable {
    public enum Problem: String, Equatable, Sendable, CaseIterable {
        /// No nss-mdns module can be loaded: libnss-mdns is not installed.
        case libraryMissing
        /// The modules are there but the `hosts:` line does not use one.
        case hostsLineMissing
        case avahiNotRunning
        case avahiSilent
    }

    public var problems: [Problem]
    /// The nss-mdns module the `hosts:` line uses and the C library can load.
    public var moduleInUse: String?
    public var nsswitchPath: String
    public var avahiSocketPath: String

    public var works: Bool { problems.isEmpty }

    public init(_ facts: MDNSFacts) {
        nsswitchPath = facts.nsswitchPath
        avahiSocketPath = facts.avahiSocketPath
        let named = Self.modules(inHostsLine: facts.hostsLine)
        moduleInUse = named.first { facts.loadableModules.contains($0) }
        var problems: [Problem] = []
        if facts.loadableModules.isEmpty {
            problems.append(.libraryMissing)
        } else if moduleInUse == nil {
            problems.append(.hostsLineMissing)
        }
        switch facts.avahi {
        case .answering: break
        case .notRunning: problems.append(.avahiNotRunning)
        case .silent: problems.append(.avahiSilent)
        }
        self.problems = problems
    }

    /// nss-mdns modules named on a `hosts:` line, in order (`[NOTFOUND=return]` and the like skipped).
    static func modules(inHostsLine line: String?) -> [String] {
        guard let line else { return [] }
        let sources = line.drop { $0 != ":" }.dropFirst()
        return sources.split(whereSeparator: \.isWhitespace)
            .map(String.init)
            .filter { !$0.hasPrefix("[") && !$0.hasSuffix("]") && MDNSFacts.mdnsModules.contains($0) }
    }
}
