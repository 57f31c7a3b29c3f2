/// A rectangle of cells. Width and height are never negative.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// Whether the two share a cell.
    public func intersects(_ other: Rect) -> Bool {
        let common = intersection(other)
        return common.width > 0 && common.height > 0
    }

    /// Whether every cell of `other` is in this one (an empty `other`'s are).
    public func contains(_ other: Rect) -> Bool {
        other.width <= 0 || other.height <= 0
            || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// Shrinks each side; never below zero size.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let newWidth = max(0, width - left - right)
        let newHeight = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: newWidth, height: newHeight)
    }

    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    public func inset(horizontal: Int, vertical: Int) -> Rect {
        inset(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The single-row rectangle `index` rows down (empty if outside).
    public func row(_ index: Int) -> Rect {
        guard index >= 0 && index < height else { return Rect(x: x, y: y + max(0, index), width: width, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }

    /// A rectangle of the given size centered in this one (clamped to it).
    public func centered(width innerWidth: Int, height innerHeight: Int) -> Rect {
        let w = min(max(0, innerWidth), width)
        let h = min(max(0, innerHeight), height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// Splits along `axis` by `constraints` with `spacing` cells between parts.
    public func split(_ axis: Axis, _ constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        let total = axis == .horizontal ? width : height
        let sizes = Constraint.resolve(constraints, total: total, spacing: spacing)
        var result: [Rect] = []
        result.reserveCapacity(sizes.count)
        var offset = 0
        for size in sizes {
            switch axis {
            case .horizontal:
                result.append(Rect(x: x + offset, y: y, width: size, height: height))
            case .vertical:
                result.append(Rect(x: x, y: y + offset, width: width, height: size))
            }
            offset = min(total, offset + size + max(0, spacing))
        }
        return result
    }
}
