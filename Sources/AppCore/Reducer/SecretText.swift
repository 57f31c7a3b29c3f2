/// A password on its way from the sign-in form to the request that uses it. It is never part
/// of the state, never printed (its descriptions are redacted) and its bytes are overwritten
/// by `wipe()` once the request body is built.
public final class SecretText: @unchecked Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    // @unchecked: the bytes are written once at init and then only read or wiped by the one
    // effect that consumes the secret, on one task.
    private var bytes: [UInt8]

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Takes over `bytes` (read from a terminal or stdin) without ever making a `String` of them.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-8 bytes in place, for building a request body without a `String` copy (whose
    /// heap buffer copies would share and nobody would wipe); valid until `wipe()`.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// The text; valid until `wipe()`.
    public func reveal() -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    public func wipe() {
        for index in bytes.indices { bytes[index] = 0 }
        bytes.removeAll()
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }

    public static func == (lhs: SecretText, rhs: SecretText) -> Bool { lhs === rhs }
}
