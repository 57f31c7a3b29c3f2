/// A number with a fixed count of decimals, as C's `printf("%.*f")` prints it in the C locale:
/// the exact binary value rounded half to even. Written on the standard library because
/// Foundation's `String(format:)` would map Foundation and ICU into the process.
public enum FixedDecimal {
    /// `value` with exactly `digits` decimals (0 to 9); `nan` and `inf` as printf spells them.
    public static func text(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits), "FixedDecimal prints 0 to 9 decimals")
        let sign = value.sign == .minus ? "-" : ""
        if value.isNaN { return sign + "nan" }
        if value.isInfinite { return sign + "inf" }
        let scale = power(of: 10, digits)
        let magnitude = value.magnitude
        // magnitude = significand · 2^exponent, both exact.
        let significand = magnitude.isNormal
            ? magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
            : magnitude.significandBitPattern
        let exponent = magnitude.isNormal
            ? Int(magnitude.exponent) - Double.significandBitCount
            : Int(Double.leastNormalMagnitude.exponent) - Double.significandBitCount
        let integer: String
        let fraction: UInt128
        if exponent >= 0 {
            // A whole number: its decimals are zeros, its digits may be many more than 38.
            integer = wholeDigits(significand, shiftedBy: exponent)
            fraction = 0
        } else {
            // significand < 2^53 and scale < 2^30: the product fits in 128 bits.
            let scaled = UInt128(significand) * UInt128(scale)
            let rounded = roundedShift(scaled, by: -exponent)
            integer = String(rounded / UInt128(scale))
            fraction = rounded % UInt128(scale)
        }
        guard digits > 0 else { return sign + integer }
        let decimals = String(fraction)
        return sign + integer + "." + String(repeating: "0", count: digits - decimals.count) + decimals
    }

    /// `value / 2^shift` rounded half to even.
    private static func roundedShift(_ value: UInt128, by shift: Int) -> UInt128 {
        guard shift < 128 else { return 0 } // value < 2^83: less than half of 2^shift
        let quotient = value >> shift
        let remainder = value - (quotient << shift)
        let half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
        return quotient
    }

    /// The decimal digits of `value · 2^shift`, in base-10⁹ limbs (least significant first).
    private static func wholeDigits(_ value: UInt64, shiftedBy shift: Int) -> String {
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [value % base, (value / base) % base, value / base / base]
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    private static func power(of base: Int, _ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { product, _ in product * base }
    }
}
