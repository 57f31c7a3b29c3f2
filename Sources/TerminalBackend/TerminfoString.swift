import CNcursesw

/// String capabilities of the current terminal's terminfo entry.
enum TerminfoString {
    /// nil when the terminal lacks the capability (tigetstr returns NULL or (char *)-1).
    static func lookup(_ name: String) -> [UInt8]? {
        template(name).map { withoutPadding(Array($0.dropLast().map { UInt8(bitPattern: $0) })) }
    }

    /// The capability as a NUL-terminated C string, for `expand`.
    static func template(_ name: String) -> [CChar]? {
        guard let p = tigetstr(name), Int(bitPattern: p) != -1 else { return nil }
        let value = String(cString: p)
        return value.isEmpty ? nil : Array(value.utf8CString)
    }

    /// A parameterized capability (`cup`, `setaf`) with its arguments, through tparm.
    static func expand(_ template: [CChar], _ first: Int, _ second: Int? = nil) -> [UInt8] {
        template.withUnsafeBufferPointer { buffer -> [UInt8] in
            guard let base = buffer.baseAddress else { return [] }
            let expanded = if let second { vc_tparm2(base, first, second) } else { vc_tparm1(base, first) }
            guard let result = expanded else { return [] }
            return withoutPadding(Array(String(cString: result).utf8))
        }
    }

    /// Drops terminfo delays (`$<5>`, `$<2*/>`): tputs turns them into waits or NUL bytes for
    /// slow hardware terminals; written as they are they would show up as text.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
               bytes[(index + 2)..<close].allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*")
                   || $0 == UInt8(ascii: "/") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                index = close + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
