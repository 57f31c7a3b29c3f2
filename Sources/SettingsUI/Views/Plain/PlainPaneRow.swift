import AppCore
import TerminalRendering

/// A row of the pane's server list in the screen-reader mode (SPEC §10.4): a table row read as
/// a sentence, "Server 2: Mac Mini, chosen, https://verbumcaremac-mini/api, Error, server error 502, 12 s ago", its
/// number the key that chooses it (1–9 while the list has focus).
enum PlainPaneRow {
    /// The row's words (`PaneListView.RowTexts`, each whole), before they become a sentence.
    struct Words {
        var parts: [String]
        var isChosen: Bool
    }

    static func sentence(_ canvas: Canvas, number: Int, row: Words) -> String {
        let text = canvas.text
        let parts = row.parts.map(trimmed).filter { !$0.isEmpty }
        guard let name = parts.first else { return "" }
        // "pn51 (Default), chosen, …": the state is a word of its own in the list, since a
        // server's name may end in parentheses already ("pn51 (Default) (chosen)" reads badly).
        let chosen = row.isChosen ? [text("ui.plain.chosen_word")] : []
        let value = PlainMainView.list([name] + chosen + parts.dropFirst(), text)
        return PlainLine.sentence(label: text("ui.plain.server_row", ["number": String(number)]), value: value)
    }

    private static func trimmed(_ part: String) -> String {
        String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
