extension CellBuffer {
    /// The changes that turn `old` into this buffer: per row, maximal runs of changed cells,
    /// widened so a wide character is always re-sent whole (lead and continuation). A different
    /// size gives `.resize` followed by every cell that is not a default blank.
    public func diff(from old: CellBuffer) -> [BufferChange] {
        guard old.width == width && old.height == height else {
            let blank = CellBuffer(width: width, height: height, metrics: metrics)
            return [.resize(width: width, height: height)] + diffRuns(from: blank)
        }
        return diffRuns(from: old)
    }

    /// Brings this buffer to the frame `changes` lead to (the backend's view, for tests).
    public mutating func apply(_ changes: [BufferChange]) {
        for change in changes {
            switch change {
            case .resize(let newWidth, let newHeight):
                let kept = cursor
                self = CellBuffer(width: newWidth, height: newHeight, metrics: metrics)
                cursor = kept
            case .run(let x, let y, let runCells):
                replaceCells(runCells, x: x, y: y)
            }
        }
    }

    /// Compares the two grids through their buffers: a language switch changes nearly every
    /// row, and each cell read through the arrays checked its index and its array (issue 26).
    private func diffRuns(from old: CellBuffer) -> [BufferChange] {
        var changes: [BufferChange] = []
        cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { old in
                for y in 0..<height {
                    let base = y * width
                    var x = 0
                    var pending: (start: Int, end: Int)?
                    while x < width {
                        if new[base + x] == old[base + x] {
                            x += 1
                            continue
                        }
                        var start = x
                        if new[base + x].isContinuation && start > 0 {
                            start -= 1
                        }
                        var end = x + 1
                        while end < width && new[base + end] != old[base + end] {
                            end += 1
                        }
                        if end < width && new[base + end].isContinuation {
                            end += 1
                        }
                        if let current = pending, current.end >= start {
                            pending = (current.start, end)
                        } else {
                            if let current = pending {
                                changes.append(.run(x: current.start, y: y,
                                                    cells: Array(new[(base + current.start)..<(base + current.end)])))
                            }
                            pending = (start, end)
                        }
                        x = end
                    }
                    if let current = pending {
                        changes.append(.run(x: current.start, y: y, cells: Array(new[(base + current.start)..<(base + current.end)])))
                    }
                }
            }
        }
        return changes
    }
}
