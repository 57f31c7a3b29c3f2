import Glibc

/// The A-label form (`xn--…`) of an internationalized host name, as SPEC §4 wants it: UTS #46
/// as libidn2 does it. libidn2 is on every box that has libcurl (curl links it), so it is loaded
/// at run time and used; where it cannot be loaded a small implementation takes over: the
/// labels lower-cased (UTS #46's mapping for what people type into an address) and Punycode.
public enum IDNA {
    /// Which implementation converted (tests compare the two).
    public enum Engine: Sendable {
        case libidn2
        case builtIn
    }

    /// The A-label form of `host`, or nil when it is not a valid internationalized name. A host
    /// that is already ASCII is returned unchanged.
    public static func toASCII(_ host: String, engine: Engine? = nil) -> String? {
        guard host.unicodeScalars.contains(where: { !$0.isASCII }) else { return host }
        switch engine ?? (Libidn2.shared == nil ? .builtIn : .libidn2) {
        case .libidn2: return Libidn2.shared?.toASCII(host)
        case .builtIn: return builtInToASCII(host)
        }
    }

    /// Whether libidn2 was found on this machine.
    public static var hasLibidn2: Bool { Libidn2.shared != nil }

    static func builtInToASCII(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            let mapped = label.lowercased()
            if mapped.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(mapped)
                continue
            }
            // Letters and digits only beside the hyphen; symbols, spaces and marks at the start
            // are what UTS #46 refuses in a label.
            guard let first = mapped.unicodeScalars.first, !first.properties.isGraphemeExtend,
                  mapped.unicodeScalars.allSatisfy({ $0 == "-" || $0.properties.isAlphabetic || $0.properties.numericType != nil }),
                  let encoded = Punycode.encode(mapped) else { return nil }
            labels.append("xn--" + encoded)
        }
        return labels.joined(separator: ".")
    }
}

/// libidn2's `idn2_to_ascii_8z`, loaded with dlopen so the package needs no libidn2 headers
/// and runs (with the built-in conversion) where the library is missing.
private final class Libidn2: @unchecked Sendable {
    // @unchecked: two immutable C function pointers into a library that is thread-safe for
    // these calls (libidn2 keeps no global state in them).
    private typealias ToASCII = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> Int32
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private let convert: ToASCII
    private let free: Free

    static let shared = Libidn2()

    private init?() {
        guard let handle = dlopen("libidn2.so.0", RTLD_NOW | RTLD_LOCAL),
              let convert = dlsym(handle, "idn2_to_ascii_8z"), let free = dlsym(handle, "idn2_free") else { return nil }
        self.convert = unsafeBitCast(convert, to: ToASCII.self)
        self.free = unsafeBitCast(free, to: Free.self)
    }

    func toASCII(_ host: String) -> String? {
        // IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL: UTS #46 non-transitional processing, as curl asks for.
        let flags: Int32 = 1 | 8
        var output: UnsafeMutablePointer<CChar>?
        let status = host.withCString { convert($0, &output, flags) }
        defer { free(output) }
        guard status == 0, let output else { return nil }
        return String(cString: output)
    }
}
