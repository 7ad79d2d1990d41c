"""The same seed plays the same game in the browser's Python as in CPython.

The page runs the engine and the bots on Pyodide (WebAssembly, 32-bit), the tests, the arena and
the benchmarks on CPython (64-bit). Where the two differ — ``hash()`` of a float or a tuple, the
last bit of ``math.exp`` in another libm, the order of a set — a bot could choose another move
for the same seed, and a figure measured in CPython would not be the game a player gets. Here the
pinned Pyodide from ``node_modules`` runs in Node, on the working tree's engine, and every level
plays whole games of both presets on both sides: the moves must be identical.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAMES = """
import json, random
from engine import Game, visible_events
from engine.bots import make_bot

def moves(level, preset, players, seed):
    game = Game.new({"preset": preset, "players": players, "seed": seed, "options": {}})
    bots = [make_bot(level, random.Random(f"parity:{seed}:{seat}")) for seat in range(players)]
    played = []
    while not game.is_over:
        seat = game.to_move
        action = bots[seat].act(game.view(seat))
        played.append(json.dumps(action, sort_keys=True))
        events = game.apply(seat, action)
        for other, bot in enumerate(bots):
            bot.observe(visible_events(events, other))
    return played

TABLES = [
    (level, preset, players, seed)
    for level in ("random", "easy", "medium", "hard", "expert")
    for preset, players, seed in (("classic", 4, 1), ("quick", 3, 2))
]
PLAYED = json.dumps([moves(*table) for table in TABLES])
"""

NODE = """
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const py = await loadPyodide();
py.FS.mkdir("/project");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(root)s" }, "/project");
py.runPython("import sys; sys.path.insert(0, '/project')");
py.runPython(fs.readFileSync("%(games)s", "utf8"));
fs.writeFileSync("%(out)s", py.globals.get("PLAYED"));
"""


def test_every_level_plays_the_same_moves_in_pyodide_and_cpython(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node is needed (it runs the pinned Pyodide from node_modules)"
    pyodide = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    assert pyodide.is_file(), "node_modules/pyodide is missing: npm ci"
    games, out, script = tmp_path / "games.py", tmp_path / "played.json", tmp_path / "run.mjs"
    games.write_text(GAMES, encoding="utf-8")
    paths = {"pyodide": pyodide, "root": ROOT, "games": games, "out": out}
    script.write_text(NODE % {k: v.as_posix() for k, v in paths.items()}, encoding="utf-8")
    command = [node, str(script)]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    in_pyodide = json.loads(out.read_text(encoding="utf-8"))

    namespace: dict[str, object] = {}
    exec(compile(GAMES, "games.py", "exec"), namespace)
    in_cpython = json.loads(str(namespace["PLAYED"]))
    tables = namespace["TABLES"]
    assert isinstance(tables, list)
    assert len(in_pyodide) == len(in_cpython) == len(tables) == 10
    for table, browser, here in zip(tables, in_pyodide, in_cpython, strict=True):
        pairs = enumerate(zip(browser, here, strict=False))
        first = next((i for i, (a, b) in pairs if a != b), None)
        assert browser == here, f"{table}: move {first} differs, {len(browser)} vs {len(here)}"
