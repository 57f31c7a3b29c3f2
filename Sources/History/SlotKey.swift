/// One server's minute or hour: the key of a minute or hour row.
struct SlotKey: Hashable {
    let server: Int64
    let slot: Int64
}
