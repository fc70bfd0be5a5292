"""Redraw the pictures of the README tour into docs/img/ (run from the repo root).

    .venv/bin/python tools/readme_images.py

Every picture is drawn by dominolab itself, so the tour shows what the package
really draws today.
"""

from __future__ import annotations

import pathlib

from dominolab import DominoSet, chains, tilings

OUT = pathlib.Path(__file__).resolve().parent.parent / "docs" / "img"


def save(name: str, obj) -> None:
    svg = obj if isinstance(obj, str) else obj._repr_svg_()
    (OUT / f"{name}.svg").write_text(str(svg), encoding="utf-8")
    print(f"docs/img/{name}.svg")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    save("double-six", DominoSet(6))
    save("ring", chains.find_chain(DominoSet(6).tiles))
    save("tiling-8x8", tilings.random_tiling(tilings.Region.rectangle(8, 8), seed=1))
    mutilated = tilings.Region.parse(".#######\n" + "########\n" * 6 + "#######.")
    save("mutilated", tilings.impossibility(mutilated))
    try:
        from dominolab.puzzles import dominosa

        puzzle = dominosa.generate(6, difficulty="hard", seed=1)
        save("dominosa", puzzle)
        save("dominosa-solved", puzzle.solve())
    except (ImportError, AttributeError) as e:  # topic not landed yet
        print(f"skipped Dominosa: {e}")
    try:
        from dominolab import games

        g = games.new_game("kozel", players=4, seed=7)
        bots = [games.bots.GreedyBot(seed=k) for k in range(4)]
        for _ in range(12):
            if g.is_over():
                break
            bot = bots[g.current_player]
            g.play(bot.choose(g))
        save("kozel-table", g)
    except (ImportError, AttributeError) as e:
        print(f"skipped game table: {e}")


if __name__ == "__main__":
    main()
