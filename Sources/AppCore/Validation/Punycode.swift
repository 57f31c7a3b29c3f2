/// RFC 3492 Punycode encoding of one label (the part after `xn--`), for the A-label of an
/// internationalized host name where libidn2 cannot be loaded (`IDNA`).
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// nil on overflow (a label far longer than DNS allows).
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias, handled = basicCount
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - product else { return nil }
            delta += product
            n = next
            for code in input {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: Int) -> Character {
        // 0…25 → a…z, 26…35 → 0…9
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}

extension Punycode {
    /// RFC 3492 decoding of one label's Punycode part (after `xn--`), for showing an A-label to
    /// people (`UnicodeHost`); nil when it is not well-formed Punycode or would overflow.
    static func decode(_ encoded: String) -> String? {
        let input = Array(encoded.unicodeScalars)
        guard input.allSatisfy(\.isASCII) else { return nil }
        let delimiter = input.lastIndex(of: "-") ?? 0
        var output = input[..<delimiter].map { Int($0.value) }
        var position = delimiter > 0 ? delimiter + 1 : 0
        var n = initialN, i = 0, bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                position += 1
                let (step, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - step else { return nil }
                i += step
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                guard weight <= Int(Int32.max) / (base - t) else { return nil }
                weight *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            guard i / count <= Int(Int32.max) - n else { return nil }
            n += i / count
            i %= count
            guard Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        var text = String.UnicodeScalarView()
        for code in output {
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            text.append(scalar)
        }
        return String(text)
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x61...0x7A: Int(scalar.value) - 0x61
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x30...0x39: Int(scalar.value) - 0x30 + 26
        default: nil
        }
    }
}
