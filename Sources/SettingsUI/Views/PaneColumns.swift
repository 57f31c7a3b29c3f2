/// The widths of the pane list's columns (SPEC §10.2, §10.4). What a row says about its server
/// gets its room first — the status word, the reason or response time, how old they are, and
/// the watch's words (drill, mute, 24 h uptime) — and the address takes what is left: whole
/// where it fits, shortened to its host (a long host cut in its middle, `URLShortener`), or
/// left out on a narrow screen.
/// The address column is never wider than the longest address, so no reason is cut while
/// blanks pad an address.
struct PaneColumns: Equatable {
    /// What the widest row needs of each column, in cells (0: the column is not shown).
    struct Needs: Equatable {
        /// The marker with the blank before and after it.
        var marker: Int
        var title: Int
        var address: Int
        var status: Int
        var detail: Int
        var age: Int
        var extras: Int
    }

    var marker = 0
    var title = 0
    /// 0: no address column.
    var address = 0
    var status = 0
    var detail = 0
    var age = 0
    var extras = 0

    /// Blank cells between two columns.
    static let gap = 2
    /// The title is cut (in the middle) no shorter than this before any word is.
    static let shortestTitle = UIText.shortestName
    /// The title's room before the address is given any, at least (the prefilled titles fit).
    static let titleShare = 20
    /// A narrower address column is left out: it could not show enough of a host to tell it.
    static let shortestAddress = 16

    init(_ needs: Needs, width: Int) {
        marker = needs.marker
        status = needs.status
        detail = needs.detail
        age = needs.age
        extras = needs.extras
        // The names come before the addresses, a long custom name up to a third of the row
        // (it gets the rest back below when there is some): the prefilled ones stay whole.
        title = min(needs.title, max(Self.titleShare, width / 3))
        let room = width - used - Self.gap
        if needs.address > 0, room >= min(needs.address, Self.shortestAddress) {
            address = min(needs.address, room)
        }
        var left = width - used
        if left > 0 {
            let grown = min(left, needs.title - title)
            title += grown
            left -= grown
        }
        if title < needs.title, address > Self.shortestAddress {
            // A name still cut takes from the address (which shortens, keeping its host).
            let moved = min(needs.title - title, address - Self.shortestAddress)
            title += moved
            address -= moved
        }
        guard left < 0 else { return }
        // Too narrow even without the address: the title gives way down to its shortest, then
        // the words from the end of the row: the watch's words, the age, and last the reason.
        let shrunk = min(-left, max(0, title - min(needs.title, Self.shortestTitle)))
        title -= shrunk
        left += shrunk
        if left < 0 {
            extras = cut(extras, by: &left, keeping: 8)
        }
        if left < 0 {
            age = cut(age, by: &left, keeping: age)
        }
        if left < 0 {
            detail = cut(detail, by: &left, keeping: 1)
        }
    }

    /// The cells the columns take with the gaps between them.
    var used: Int {
        var total = marker + title + Self.gap + status
        for column in [address, detail, age, extras] where column > 0 {
            total += column + Self.gap
        }
        return total
    }

    /// `column` narrowed by what is still too much (`left` < 0), or left out with its gap when
    /// fewer than `keeping` cells of it would remain.
    private func cut(_ column: Int, by left: inout Int, keeping: Int) -> Int {
        guard column > 0 else { return 0 }
        let remaining = column + left
        if remaining >= keeping {
            left = 0
            return remaining
        }
        left += column + Self.gap
        return 0
    }
}
