/// The one place that turns an A-label (`xn--…`) back into the Unicode form people typed and
/// read (SPEC §4: the normalized address holds the A-label, the screen shows both). Pure: the
/// built-in Punycode, no library, no locale.
///
/// A Unicode form is shown only when it is safe to read as the host it names; otherwise the
/// A-label stays alone (refused, never "cleaned" into another name):
/// - it must be what `IDNA` would turn back into the same A-label (letters, digits and hyphens
///   only: a bidirectional control, a zero-width character, a symbol or a space never is);
/// - nothing in it may be hidden on a terminal (`TextSanitizer.isHidden`);
/// - one label may not mix Latin with Greek or Cyrillic letters (`pаypal` with a Cyrillic `а`
///   reads as another host), nor right-to-left letters with left-to-right ones (their order on
///   the screen would not be the order of the name).
public enum UnicodeHost {
    /// The Unicode form of `name`: a host, or a server's display name that starts with its host
    /// (`xn--0rys90e.example.jp:8443/ward`). nil when it holds no A-label, or when one of its
    /// A-labels is not safe to show (see above).
    public static func unicode(_ name: String) -> String? {
        let hostEnd = name.firstIndex(where: { $0 == ":" || $0 == "/" }) ?? name.endIndex
        let host = name[..<hostEnd]
        guard !host.hasPrefix("["), host.lowercased().contains("xn--") else { return nil }
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard label.lowercased().hasPrefix("xn--") else {
                labels.append(String(label))
                continue
            }
            guard let decoded = Punycode.decode(String(label.dropFirst(4))), isSafe(decoded, aLabel: String(label))
            else { return nil }
            labels.append(decoded)
        }
        return labels.joined(separator: ".") + name[hostEnd...]
    }

    /// The Unicode form when there is a safe one, else `name` as it is.
    public static func readable(_ name: String) -> String {
        unicode(name) ?? name
    }

    static func isSafe(_ label: String, aLabel: String) -> Bool {
        guard !label.isEmpty, !label.unicodeScalars.contains(where: TextSanitizer.isHidden),
              IDNA.builtInToASCII(label) == aLabel.lowercased() else { return false }
        var scripts = Set<Script>()
        for scalar in label.unicodeScalars {
            if let script = Script(scalar) { scripts.insert(script) }
        }
        if scripts.contains(.latin) && (scripts.contains(.greek) || scripts.contains(.cyrillic)) { return false }
        if scripts.contains(.greek) && scripts.contains(.cyrillic) { return false }
        if scripts.contains(.rightToLeft) && scripts.count > 1 { return false }
        return true
    }

    /// The few script families the confusable rule above compares: Swift's standard library has
    /// no script property, and these blocks hold the letters that pass for one another.
    enum Script: Hashable {
        case latin, greek, cyrillic, rightToLeft

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x590...0x8FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: self = .rightToLeft
            default: return nil
            }
        }
    }
}

extension UnicodeHost {
    /// `url` with its host in the readable form (`https://xn--0rys90e.example.jp/api` →
    /// `https://病院.example.jp/api`); `url` unchanged when it has no A-label to show.
    public static func readableURL(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        guard let readable = unicode(String(rest)) else { return url }
        return url[..<schemeEnd.upperBound] + readable
    }
}
