import TerminalRendering

/// One row of the key table: the keys, how they are written, the footer word (`key.*`), the help
/// sentence (`help.*`), and the contexts where it applies.
public struct KeyBinding: Hashable, Sendable {
    /// Keys written together, e.g. "↑↓" for up and down. Key names are not localized.
    public struct Group: Hashable, Sendable {
        public var label: String
        public var keys: [Key]

        public init(_ label: String, _ keys: [Key]) {
            self.label = label
            self.keys = keys
        }
    }

    public enum Section: String, Hashable, Sendable, CaseIterable {
        case global
        case main
        case pane

        /// Catalog key of the section heading in the help overlay.
        public var titleKey: String {
            switch self {
            case .global: "help.section.global"
            case .main: "help.section.main"
            case .pane: "help.section.pane"
            }
        }
    }

    public var action: KeyAction
    public var groups: [Group]
    /// `key.*`: the footer word.
    public var hintKey: String
    /// `help.*`: the help overlay's sentence.
    public var helpKey: String
    public var contexts: Set<KeyContext>
    public var section: Section
    /// Rarely needed keys (1/2/3, Ctrl-L) stay out of the footer; help lists them.
    public var inFooter: Bool

    public init(_ action: KeyAction, _ groups: [Group], hint hintKey: String, help helpKey: String,
                contexts: Set<KeyContext>, section: Section, inFooter: Bool = true) {
        self.action = action
        self.groups = groups
        self.hintKey = hintKey
        self.helpKey = helpKey
        self.contexts = contexts
        self.section = section
        self.inFooter = inFooter
    }

    public var keys: [Key] { groups.flatMap(\.keys) }

    /// How long its footer hint stays when the footer is short of room (lowest stays longest):
    /// what the screen asks for right now before everything else, then by action.
    public var footerRank: Int {
        contexts.isSubset(of: KeyContext.asks) ? -1 : action.footerRank
    }

    public func applies(in active: Set<KeyContext>) -> Bool {
        !contexts.isDisjoint(with: active)
    }

    /// Every key, as the help overlay writes them: "↑↓ / k j".
    public var fullLabel: String {
        groups.map(\.label).joined(separator: " / ")
    }
}
