import TerminalRendering

/// The one key table (docs/PRODUCT.md: Keys). The update function dispatches through it, the footer shows
/// the bindings of the focused area from it, and the help overlay lists all of it, so the three
/// can never disagree.
///
/// Order matters twice: the first binding that applies wins a key (Tab accepts a suggestion
/// before it moves to the next area), and the footer lists hints in table order.
public enum KeyTable {
    private typealias G = KeyBinding.Group

    private static let panesWithoutText: Set<KeyContext> = [.paneList, .paneStepper, .paneToggle]
    private static let fleetWithoutText: Set<KeyContext> = KeyContext.fleetAreas
    private static let lists: Set<KeyContext> = KeyContext.screens.union([.help, .history])
    /// The views that scroll (SPEC §10.3): help, the history view and the fleet's list. Not the
    /// text fields, where Home and End move the caret.
    static let scrolling: Set<KeyContext> = [.help, .history, .fleetList]
    /// Everywhere no text field takes the letters: the screens, help and the yes/no question.
    private static let languageContexts: Set<KeyContext> = KeyContext.mainAreas.union(panesWithoutText)
        .union(fleetWithoutText).union([.help, .history, .confirm])

    public static let bindings: [KeyBinding] = [
        // What the screen asks for right now comes first in the footer and is dropped last.
        KeyBinding(.switchBack, [G("s", [.character("s")])], hint: "key.switch_back", help: "help.switch_back",
                   contexts: [.switchBackOffer], section: .main),
        KeyBinding(.signIn, [G("i", [.character("i")])], hint: "key.sign_in", help: "help.sign_in",
                   contexts: [.signInAsked], section: .main),
        KeyBinding(.acceptSuggestion, [G("Tab", [.tab])], hint: "key.suggestion", help: "help.suggestion",
                   contexts: [.addressSuggestion], section: .pane),
        KeyBinding(.nextArea, [G("Tab", [.tab]), G("⇧Tab", [.backTab])], hint: "key.area", help: "help.tab",
                   contexts: KeyContext.mainAreas.union(KeyContext.paneAreas), section: .global),
        KeyBinding(.nextField, [G("Tab", [.tab, .backTab]), G("←→", [.left, .right]), G("↑↓", [.up, .down])],
                   hint: "key.next_field", help: "help.next_field", contexts: KeyContext.dialogs, section: .global),
        KeyBinding(.move, [G("↑↓", [.up, .down]), G("k j", [.character("k"), .character("j")])],
                   hint: "key.move", help: "help.move", contexts: lists, section: .global),
        KeyBinding(.page, [G("PgUp PgDn", [.pageUp, .pageDown])], hint: "key.page", help: "help.page",
                   contexts: scrolling, section: .global),
        KeyBinding(.ends, [G("Home End", [.home, .end])], hint: "key.ends", help: "help.ends",
                   contexts: scrolling, section: .global),
        KeyBinding(.adjust, [G("←→", [.left, .right])], hint: "key.adjust", help: "help.adjust",
                   contexts: [.paneStepper], section: .pane),
        KeyBinding(.choose, [G("Enter", [.enter]), G("Space", [.character(" ")])], hint: "key.choose",
                   help: "help.choose", contexts: [.languagePicker, .openSettingsButton, .paneList, .confirm, .fleetList],
                   section: .global),
        KeyBinding(.toggle, [G("Enter", [.enter]), G("Space", [.character(" ")])], hint: "key.toggle",
                   help: "help.toggle", contexts: [.paneToggle], section: .pane),
        KeyBinding(.submit, [G("Enter", [.enter])], hint: "key.submit", help: "help.submit",
                   contexts: [.paneTextField, .login, .fleetFilter, .historyNote], section: .pane),
        KeyBinding(.filter, [G("/", [.character("/")])], hint: "key.filter", help: "help.fleet_filter",
                   contexts: [.fleetList], section: .main),
        KeyBinding(.refresh, [G("r", [.character("r")])], hint: "key.refresh", help: "help.fleet_refresh",
                   contexts: KeyContext.fleetAreas, section: .main),
        KeyBinding(.dismiss, [G("Enter", [.enter]), G("Space", [.character(" ")])], hint: "key.dismiss",
                   help: "help.dismiss", contexts: [.notices], section: .main),
        KeyBinding(.remove, [G("Del", [.delete])], hint: "key.remove", help: "help.remove",
                   contexts: [.paneList], section: .pane),
        KeyBinding(.openSettings, [G("o", [.character("o")])], hint: "key.settings", help: "help.open_settings",
                   contexts: KeyContext.mainAreas, section: .main),
        KeyBinding(.nextLanguage, [G("l", [.character("l")])], hint: "key.language", help: "help.next_language",
                   contexts: languageContexts, section: .global),
        // In the pane's list the digits choose its numbered rows; 1 2 3 choose the languages elsewhere.
        KeyBinding(.chooseNumbered, [G("1–9", (1...9).map { .character(Character(String($0))) })],
                   hint: "key.choose", help: "help.choose_numbered", contexts: [.paneList], section: .pane, inFooter: false),
        KeyBinding(.chooseLanguage, [G("1 2 3", [.character("1"), .character("2"), .character("3")])],
                   hint: "key.language", help: "help.choose_language", contexts: languageContexts.subtracting([.paneList]),
                   section: .global, inFooter: false),
        KeyBinding(.test, [G("r", [.character("r")])], hint: "key.test", help: "help.test",
                   contexts: KeyContext.mainAreas, section: .main),
        KeyBinding(.signIn, [G("i", [.character("i")])], hint: "key.sign_in", help: "help.sign_in",
                   contexts: KeyContext.mainAreas, section: .main, inFooter: false),
        KeyBinding(.testAll, [G("r", [.character("r")])], hint: "key.test_all", help: "help.test_all",
                   contexts: KeyContext.paneAreas, section: .pane),
        KeyBinding(.cancelSwitch, [G("Esc", [.escape])], hint: "key.cancel", help: "help.escape",
                   contexts: [.switching], section: .global),
        KeyBinding(.cancelEdit, [G("Esc", [.escape])], hint: "key.cancel", help: "help.escape",
                   contexts: [.paneTextField, .fleetFilter, .fleetList, .historyNote], section: .global),
        KeyBinding(.leavePane, [G("Esc", [.escape])], hint: "key.back", help: "help.escape",
                   contexts: panesWithoutText.union([.fleetBox]), section: .global),
        KeyBinding(.cancelDialog, [G("Esc", [.escape])], hint: "key.cancel", help: "help.escape",
                   contexts: KeyContext.dialogs, section: .global),
        KeyBinding(.help, [G("?", [.character("?")]), G("F1", [.function(1)])], hint: "key.help",
                   help: "help.help", contexts: KeyContext.screens, section: .global),
        KeyBinding(.closeHelp, [G("Esc", [.escape]), G("?", [.character("?")]), G("F1", [.function(1)])],
                   hint: "key.close", help: "help.close", contexts: [.help], section: .global),
        // Not in the footer, which is full on an 80-column screen: help lists it.
        KeyBinding(.history, [G("h", [.character("h")])], hint: "key.history", help: "help.history",
                   contexts: KeyContext.mainAreas, section: .main, inFooter: false),
        KeyBinding(.closeHistory, [G("Esc", [.escape]), G("h", [.character("h")])],
                   hint: "key.close", help: "help.close_history", contexts: [.history], section: .global),
        // A note on the selected incident (SPEC §16: cause, what was done).
        KeyBinding(.writeNote, [G("n", [.character("n")])], hint: "key.write_note", help: "help.write_note",
                   contexts: [.history], section: .global),
        // A drill's acknowledgement (SPEC §16): help lists it; the header says when a drill runs.
        KeyBinding(.acknowledgeDrill, [G("a", [.character("a")])], hint: "key.acknowledge_drill",
                   help: "help.acknowledge_drill", contexts: KeyContext.mainAreas, section: .main, inFooter: false),
        // A text field edits as a shell line does; one help row per key, so each label stays
        // short enough for the help overlay on a 60-column screen.
        KeyBinding(.editText, [G("←→", [.left, .right])],
                   hint: "key.edit", help: "help.text_field_move", contexts: KeyContext.typing, section: .pane),
        KeyBinding(.editText, [G("Home", [.home]), G("Ctrl-A", [.ctrl("a")])], hint: "key.edit",
                   help: "help.text_field_home", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.editText, [G("End", [.end]), G("Ctrl-E", [.ctrl("e")])], hint: "key.edit",
                   help: "help.text_field_end", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.editText, [G("⌫ Del", [.backspace, .delete])], hint: "key.edit",
                   help: "help.text_field_delete", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.editText, [G("Ctrl-U", [.ctrl("u")])], hint: "key.edit",
                   help: "help.text_field_kill_before", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.editText, [G("Ctrl-K", [.ctrl("k")])], hint: "key.edit",
                   help: "help.text_field_kill_after", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.editText, [G("Ctrl-W", [.ctrl("w")])], hint: "key.edit",
                   help: "help.text_field_kill_word", contexts: KeyContext.typing, section: .pane, inFooter: false),
        KeyBinding(.quit, [G("q", [.character("q")]), G("F10", [.function(10)]), G("Ctrl-C", [.ctrl("c")])],
                   hint: "key.quit", help: "help.quit", contexts: KeyContext.everywhere, section: .global),
        KeyBinding(.redraw, [G("Ctrl-L", [.ctrl("l")])], hint: "key.redraw", help: "help.redraw",
                   contexts: KeyContext.everywhere, section: .global, inFooter: false),
    ]

    /// A footer entry: the keys as written in this context and the binding.
    public struct Hint: Hashable, Sendable {
        public var label: String
        public var binding: KeyBinding
    }

    /// A help overlay row.
    public struct HelpRow: Hashable, Sendable {
        public var label: String
        public var helpKey: String

        public init(label: String, helpKey: String) {
            self.label = label
            self.helpKey = helpKey
        }
    }

    /// The binding a key triggers, or nil. Printable keys never reach the table while a field
    /// takes typing (the update function types them first), and neither do the editing keys.
    public static func binding(for key: Key, in active: Set<KeyContext>) -> KeyBinding? {
        if isTyped(key, in: active) { return nil }
        return bindingsByKey[key]?.first { $0.applies(in: active) }
    }

    /// The table indexed by key (each key's bindings in table order): constant like the table,
    /// so a key press looks up its few bindings instead of scanning them all. The core keeps no
    /// caches (what the screen repeats is cached by the drawing path).
    private static let bindingsByKey: [Key: [KeyBinding]] = {
        var index: [Key: [KeyBinding]] = [:]
        for binding in bindings {
            for key in Set(binding.keys) { index[key, default: []].append(binding) }
        }
        return index
    }()

    /// Whether the key types into (or edits) a text field in these contexts.
    public static func isTyped(_ key: Key, in active: Set<KeyContext>) -> Bool {
        guard !active.isDisjoint(with: KeyContext.typing) else { return false }
        if case .character = key { return true }
        return TextField.editingKeys.contains(key)
    }

    /// The bindings that act in `active` (what help promises for that context).
    public static func bindings(in active: Set<KeyContext>) -> [KeyBinding] {
        bindings.filter { $0.applies(in: active) && !liveKeys(of: $0, in: active).isEmpty }
    }

    /// The footer for `active`: each binding with the first of its key groups that still acts
    /// here (a key typed by a field, or taken by an earlier binding, is not offered).
    /// The drawing path keeps what it fits from this per combination (`ScreenLayout.footer`).
    public static func footer(for active: Set<KeyContext>) -> [Hint] {
        var hints: [Hint] = []
        for binding in bindings where binding.inFooter && binding.applies(in: active) {
            let live = liveKeys(of: binding, in: active)
            guard let group = binding.groups.first(where: { !$0.keys.allSatisfy { !live.contains($0) } }) else {
                continue
            }
            hints.append(Hint(label: group.label, binding: binding))
        }
        return hints
    }

    /// Every binding, by section, one row per distinct (keys, sentence): those of the app, or
    /// with `fleet` those that act in the fleet view (`fleet`), so neither lists the other's keys.
    public static func helpSections(fleet: Bool = false) -> [(section: KeyBinding.Section, rows: [HelpRow])] {
        let fleetOnly = KeyContext.fleetAreas.union([.fleetFilter])
        return KeyBinding.Section.allCases.compactMap { section in
            var rows: [HelpRow] = []
            for binding in bindings where binding.section == section
                && (fleet ? !binding.contexts.isDisjoint(with: fleetOnly) : !binding.contexts.isSubset(of: fleetOnly)) {
                let row = HelpRow(label: binding.fullLabel, helpKey: binding.helpKey)
                if !rows.contains(row) {
                    rows.append(row)
                }
            }
            return rows.isEmpty ? nil : (section, rows)
        }
    }

    /// The keys of `binding` that reach it in `active`.
    private static func liveKeys(of binding: KeyBinding, in active: Set<KeyContext>) -> Set<Key> {
        var live: Set<Key> = []
        for key in binding.keys where !isTyped(key, in: active) || binding.action == .editText {
            if binding.action == .editText || self.binding(for: key, in: active) == binding {
                live.insert(key)
            }
        }
        return live
    }
}
