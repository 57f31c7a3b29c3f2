import Foundation
import PropertyBased
import TestSupport

/// Generators of address-like text for the validator's property tests: realistic URLs with
/// every part varied (and often wrong), mostly-valid addresses so that properties about
/// accepted addresses get many cases, and arbitrary Unicode.
enum AddressGen: RandomChoices {
    // MARK: parts

    static func scheme(_ rng: inout RNG, validBias: Double) -> String {
        if chance(validBias, &rng) { return pick(["https", "https", "HTTPS", "Https"], &rng) + "://" }
        let name = pick(["http", "HTTP", "ftp", "ws", "wss", "mailto", "", "https", "h-t+t.p"], &rng)
        return name + pick(["://", "://", ":/", "//", ":", "", ":///"], &rng)
    }

    static func userinfo(_ rng: inout RNG) -> String {
        pick(["user@", "user:pw@", "@", "a:b@c@", "%41:x@"], &rng)
    }

    static func label(_ rng: inout RNG) -> String {
        if chance(0.5, &rng) {
            return pick(["verbumcare-lab", "verbumcaremac-mini", "ward3", "example", "org", "local", "LOCAL",
                         "localhost", "LocalHost", "api", "xn--bcher-kva", "mac-mini", "a", "0", "127"], &rng)
        }
        if chance(0.1, &rng) {
            return pick(["-bad", "bad-", "x_y", "", "\u{4F8B}\u{3048}", "caf\u{E9}", "0x7f", "a b", "%2e",
                         String(repeating: "l", count: 64)], &rng)
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        let length = int(1...12, &rng)
        var text = String((0..<length).map { _ in pick(alphabet, &rng) })
        if text.hasPrefix("-") { text = "h" + text.dropFirst() }
        if text.hasSuffix("-") { text = text.dropLast() + "h" }
        return text
    }

    static func hostName(_ rng: inout RNG) -> String {
        let count = int(1...4, &rng)
        var name = (0..<count).map { _ in label(&rng) }.joined(separator: ".")
        if chance(0.1, &rng) { name += "." }
        if chance(0.1, &rng) { name += pick([".localhost", ".local", ".example.org"], &rng) }
        return name
    }

    static func ipv4(_ rng: inout RNG) -> String {
        if chance(0.2, &rng) {
            return pick(["127.0.0.1", "127.0.0.2", "0.0.0.0", "127.255.255.255", "010.0.0.1", "256.1.1.1", "1.2.3",
                         "2130706433", "0x7f000001", "127.1"], &rng)
        }
        let first = chance(0.15, &rng) ? 127 : int(0...255, &rng)
        return ([first] + (0..<3).map { _ in int(0...255, &rng) }).map(String.init).joined(separator: ".")
    }

    static func ipv6(_ rng: inout RNG) -> String {
        if chance(0.3, &rng) {
            return pick(["::1", "::", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::FFFF:7f00:1", "::ffff:10.0.0.1",
                         "fe80::1%25eth0", "1::2::3", ":::", "2001:db8::", "::ffff:0.0.0.0", "12345::"], &rng)
        }
        var groups = (0..<8).map { _ in
            chance(0.4, &rng) ? "0" : String(int(0...0xFFFF, &rng), radix: 16, uppercase: chance(0.3, &rng))
        }
        if chance(0.2, &rng) {
            groups.removeLast(2)
            groups.append(ipv4(&rng))
        }
        var text = groups.joined(separator: ":")
        if chance(0.5, &rng), let zeros = text.range(of: ":0:0:") {
            text.replaceSubrange(zeros, with: "::")
            text = text.replacingOccurrences(of: ":::", with: "::")
        }
        return text
    }

    static func host(_ rng: inout RNG, validBias: Double) -> String {
        switch int(0...9, &rng) {
        case 0...5: return hostName(&rng)
        case 6, 7: return ipv4(&rng)
        default:
            let v6 = ipv6(&rng)
            return chance(validBias, &rng) ? "[" + v6 + "]" : v6
        }
    }

    static func port(_ rng: inout RNG) -> String {
        ":" + pick(["443", "8443", "3000", "8080", "0", "70000", "65535", "", "abc", "0443", "1",
                    String(int(0...99_999, &rng))], &rng)
    }

    static func path(_ rng: inout RNG, validBias: Double) -> String {
        var segments = (0..<int(0...3, &rng)).map { _ in
            pick(["v2", "care", "health", "api", "API", "Api", ".", "..", "", "%7E", "ward_3", "x:y", "a b", "\u{E9}"],
                 &rng)
        }
        if chance(validBias, &rng) { segments.append(pick(["api", "API", "Api"], &rng)) }
        var text = ""
        for segment in segments {
            text += String(repeating: "/", count: int(1...3, &rng)) + segment
        }
        if chance(0.3, &rng) { text += String(repeating: "/", count: int(1...3, &rng)) }
        return text
    }

    static func space(_ rng: inout RNG) -> String {
        chance(0.2, &rng) ? pick([" ", "\t", "\n", "  ", "\u{3000}", "\r\n"], &rng) : ""
    }

    /// A URL-like string; `validBias` near 1 makes most of them acceptable addresses.
    static func urlString(_ rng: inout RNG, validBias: Double) -> String {
        var text = space(&rng) + scheme(&rng, validBias: validBias)
        if chance((1 - validBias) * 0.3, &rng) { text += userinfo(&rng) }
        text += host(&rng, validBias: validBias)
        if chance(0.3, &rng) { text += port(&rng) }
        text += path(&rng, validBias: validBias)
        if chance((1 - validBias) * 0.3, &rng) { text += pick(["?x=1", "#f", "?", "#", "?a=b#c"], &rng) }
        return text + space(&rng)
    }

    // MARK: generators

    /// Mixed: half mostly-valid, half anything-goes URL-like strings.
    static let urlLike = shrinking { rng in
        urlString(&rng, validBias: chance(0.5, &rng) ? 0.9 : 0.4)
    }

    /// Mostly acceptable addresses.
    static let mostlyValid = shrinking { rng in
        urlString(&rng, validBias: 0.95)
    }

    /// Arbitrary Unicode: ASCII, controls, Latin-1, combining marks, CJK, emoji, bidi
    /// controls, unpaired-looking surrogate neighbours and URL punctuation, up to 300 scalars.
    static let unicode = shrinking { rng in
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x20...0x7E, 0x20...0x7E, 0x80...0xFF, 0x300...0x36F, 0x3000...0x30FF, 0x4E00...0x9FFF,
            0x1F300...0x1F6FF, 0x200B...0x206F, 0xFF00...0xFFEF, 0xE000...0xF8FF, 0x10000...0x10FFFF,
        ]
        let punctuation = Array(":/?#[]@.%-_~!$&'()*+,;=")
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...300, &rng) {
            if chance(0.25, &rng) {
                scalars.append(contentsOf: String(pick(punctuation, &rng)).unicodeScalars)
                continue
            }
            let range = pick(ranges, &rng)
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { scalars.append(scalar) }
        }
        var text = String(scalars)
        if chance(0.3, &rng) { text = pick(["https://", "http://", "HTTPS://h.example", "//"], &rng) + text }
        return text
    }
}
