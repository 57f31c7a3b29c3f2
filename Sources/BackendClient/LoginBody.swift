import FoundationEssentials
import SettingsStore

/// The JSON body of `POST /auth/login`, written straight from the password's owned buffer: no
/// `String` of the password is ever made, so no copy outlives the wipe (PLATFORM-NOTES: Swift
/// strings and secrets).
enum LoginBody {
    static func make(username: String, secret: SecretText, deviceInfo: [String: String]) throws(ClientError) -> Data {
        // `{"username":…,"deviceInfo":…}` from the one writer, then `,"password":"…"}` spliced in.
        let info = JSONObject(deviceInfo.sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) })
        let rest: JSON = ["username": .string(username), "deviceInfo": .object(info)]
        var bytes = Array(rest.written(.compact).utf8.dropLast())
        bytes += Array(#","password":""#.utf8)
        secret.withUTF8 { password in
            for byte in password { appendEscaped(byte, to: &bytes) }
        }
        bytes += Array(#""}"#.utf8)
        defer { for index in bytes.indices { bytes[index] = 0 } }
        return Data(bytes)
    }

    /// JSON string escaping of one UTF-8 byte: quote, backslash and controls escaped, every
    /// other byte (multibyte sequences included) as it is.
    static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            bytes += [UInt8(ascii: "\\"), byte]
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default:
            bytes.append(byte)
        }
    }
}
