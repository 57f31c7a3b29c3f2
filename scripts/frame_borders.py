"""Whether the app's boxes hold together on a pyte screen: the outer frame's four corners and both
sides on every row, and every inner box's sides straight down from its top corners to its bottom
corners. A row that shifted by one cell breaks these.

Shared by scripts/check-ambiguous-wide and scripts/check-terminal-probe. `glyph_cells` is how many
cells the terminal draws a box-drawing character in: 2 in an ambiguous-wide terminal, else 1.
"""


def grid(screen):
    return [[screen.buffer[y][x].data for x in range(screen.columns)] for y in range(screen.lines)]


def problems(screen, glyph_cells=2):
    cells = grid(screen)
    width, height = screen.columns, screen.lines
    found = []
    edge = width - glyph_cells
    expect = {(0, 0): "┌", (0, edge): "┐", (height - 1, 0): "└", (height - 1, edge): "┘"}
    for (y, x), glyph in expect.items():
        if cells[y][x] != glyph:
            found.append(f"row {y} column {x}: {cells[y][x]!r} where the frame's {glyph} belongs")
    for y in range(1, height - 1):
        for x in (0, edge):
            if cells[y][x] != "│":
                found.append(f"row {y} column {x}: {cells[y][x]!r} where the frame's side belongs")
    # Every inner box: straight sides from its top corners down to its bottom corners.
    for y in range(1, height - 1):
        for x in range(glyph_cells, edge):
            if cells[y][x] != "┌":
                continue
            right = next((c for c in range(x + glyph_cells, edge) if cells[y][c] == "┐"), None)
            if right is None:
                found.append(f"row {y} column {x}: ┌ without ┐ on its row")
                continue
            bottom = y + 1
            while bottom < height - 1 and cells[bottom][x] == "│":
                bottom += 1
            if cells[bottom][x] != "└":
                found.append(f"box at row {y} column {x}: left side ends at row {bottom} in {cells[bottom][x]!r}, not └")
                continue
            for row in range(y + 1, bottom):
                if cells[row][right] != "│":
                    found.append(f"box at row {y} column {x}: right side at row {row} is {cells[row][right]!r}")
            if cells[bottom][right] != "┘":
                found.append(f"box at row {y} column {x}: bottom right is {cells[bottom][right]!r}, not ┘")
    return found


def show(screen):
    return "\n".join(f"{y:2}|" + "".join(c for c in row) for y, row in enumerate(grid(screen)))
