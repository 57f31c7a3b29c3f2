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
        PlainLine.sentence(label: label(canvas, number: number), value: value(canvas, row: row))
    }

    /// "Server 2" / 「サーバー 2」: the number is the key that chooses the row.
    static func label(_ canvas: Canvas, number: Int) -> String {
        canvas.text("ui.plain.server_row", ["number": String(number)])
    }

    /// The row's words as one list: the name, "chosen" when it is, then the rest.
    static func value(_ canvas: Canvas, row: Words) -> String {
        let text = canvas.text
        let parts = row.parts.map(trimmed).filter { !$0.isEmpty }
        guard let name = parts.first else { return "" }
        // "pn51 (Default), chosen, …": the state is a word of its own in the list, since a
        // server's name may end in parentheses already ("pn51 (Default) (chosen)" reads badly).
        let chosen = row.isChosen ? [text("ui.plain.chosen_word")] : []
        return PlainMainView.list([name] + chosen + parts.dropFirst(), text)
    }

    private static func trimmed(_ part: String) -> String {
        String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
