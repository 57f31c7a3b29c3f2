/// Something that draws itself into a region of a buffer: pure, no I/O, nothing outside `area`.
public protocol Widget {
    func render(in area: Rect, buffer: inout CellBuffer)
}
