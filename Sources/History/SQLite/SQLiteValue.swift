/// A value to bind to a statement parameter.
enum SQLiteValue {
    case int(Int64)
    case text(String)
    case blob([UInt8])
    case null
}
