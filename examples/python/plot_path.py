"""Plots a path on a MovingAI map with matplotlib: python plot_path.py MAP.map [OUT.png]."""

import sys

import matplotlib

matplotlib.use("Agg")  # draw to a file, no window needed
import matplotlib.pyplot as plt

import pathkit


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        grid = pathkit.load_moving_ai_map(sys.argv[1])
    except pathkit.Error as error:
        print(error, file=sys.stderr)
        return 2
    free = grid.walkable.nonzero()  # (rows, columns) of walkable tiles
    start = (int(free[1][0]), int(free[0][0]))  # the first walkable tile, x then y
    goal = (int(free[1][-1]), int(free[0][-1]))  # the last one
    result = pathkit.GridSpace(grid).find_path(start, goal, algo="jps")

    figure, axes = plt.subplots(figsize=(6, 6 * grid.height / grid.width))
    axes.imshow(grid.walkable, cmap="gray", interpolation="nearest")
    if result.found:
        axes.plot(result.path[:, 0], result.path[:, 1], color="tab:red", linewidth=2)
    axes.set_title(f"{result.status}: cost {result.cost:.1f}, {result.expanded} expanded")
    axes.set_axis_off()
    out = sys.argv[2] if len(sys.argv) == 3 else "path.png"
    figure.savefig(out, dpi=100, bbox_inches="tight")
    print(f"{result.status}: cost {result.cost:.3f}; wrote {out}")
    return 0 if result.found else 1


if __name__ == "__main__":
    sys.exit(main())
