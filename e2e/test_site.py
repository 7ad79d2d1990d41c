"""The built site and its server, without a browser: headers from netlify.toml, the vendored
runtime, no inline script, no off-site URL in our own files, every UI string in the catalog."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest
import serve
from playwright.sync_api import Page

from engine import describe

ROOT = Path(__file__).resolve().parent.parent
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
    "connect-src 'self'; style-src 'self'; img-src 'self' data:"
)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url) as response:
        return response.status, dict(response.headers.items()), response.read()


def declared(path: str) -> dict[str, str]:
    return serve.headers_for(serve.load_rules(), path)


def test_netlify_toml_declares_the_security_and_runtime_headers() -> None:
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    assert config["build"]["publish"] == "dist"
    page = declared("/")
    assert page["Content-Security-Policy"].startswith(CSP)
    assert "'unsafe-eval'" not in page["Content-Security-Policy"]
    assert "'unsafe-inline'" not in page["Content-Security-Policy"]
    assert page["X-Content-Type-Options"] == "nosniff"
    assert page["Referrer-Policy"] == "no-referrer"
    assert page["Cache-Control"] == "no-cache"
    wasm = declared("/vendor/pyodide-314.0.7/pyodide.asm.wasm")
    assert wasm["Content-Type"] == "application/wasm"
    assert wasm["Cache-Control"] == "public, max-age=31536000, immutable"
    assert wasm["Content-Security-Policy"] == page["Content-Security-Policy"]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/index.html",
        "/app/main.js",
        "/app/worker.py",
        "/engine/game.py",
        "/build.json",
        "/i18n/en.json",
        "/vendor/pyodide-314.0.7/pyodide.asm.wasm",
        "/vendor/pyodide-314.0.7/pyodide.mjs",
        "/vendor/pyscript-0.7.31/core.js",
    ],
)
def test_server_sends_exactly_the_declared_headers(base_url: str, path: str) -> None:
    status, headers, body = fetch(base_url.rstrip("/") + path)
    assert status == 200
    assert body
    want = declared(path)
    assert want, path
    got = {k.lower(): v for k, v in headers.items()}
    for name, value in want.items():
        assert got.get(name.lower()) == value, (path, name)
    # One value per header: a declared header replaces http.server's own.
    names = [k.lower() for k in headers]
    assert len(names) == len(set(names)), headers


def test_rules_pages_are_built_and_linked(base_url: str, site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="rules/en.html"' in page
    status, headers, body = fetch(base_url + "rules/en.html")
    assert status == 200
    assert b"<html" in body
    # The page names the site's icon and the server has it: no /favicon.ico 404 in the console.
    assert b'<link rel="icon" href="../app/icon.svg" type="image/svg+xml">' in body
    icon_status, icon_headers, icon = fetch(urljoin(base_url + "rules/en.html", "../app/icon.svg"))
    assert icon_status == 200
    content_type = next(v for k, v in icon_headers.items() if k.lower() == "content-type")
    assert content_type.startswith("image/svg+xml")
    assert icon.lstrip().startswith(b"<svg")
    # The rules pages may be framed by a rules site (docs/embedding.md).
    assert (
        headers["Content-Security-Policy"] == declared("/rules/en.html")["Content-Security-Policy"]
    )


def test_rules_page_in_the_browser_has_the_site_icon_and_no_404(page: Page, base_url: str) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(base_url + "rules/en.html")
    page.wait_for_load_state("load")
    href = page.evaluate("() => document.querySelector('link[rel=icon]').href")
    assert href == base_url + "app/icon.svg"
    # The page's own policy allows no fetch (default-src 'none'): ask from outside the page.
    assert page.request.get(href).status == 200
    assert not failed


def test_unknown_path_is_404_with_the_headers(base_url: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        fetch(base_url + "nope/")
    with caught.value as error:
        assert error.code == 404
        assert error.headers["X-Content-Type-Options"] == "nosniff"


def test_build_vendors_the_runtime_and_ships_the_engine(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    pyodide = site / manifest["pyodide"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide.parent / name).stat().st_size > 0
    assert (site / manifest["pyscript"]).is_file()
    # The in-memory IndexedDB for storage-denied frames, with every module it imports.
    memory_db = site / manifest["memory_indexeddb"]
    for module in [memory_db, *memory_db.parent.rglob("*.js")]:
        for name in re.findall(r'from "(\./[^"]+)"', module.read_text(encoding="utf-8")):
            assert (module.parent / name).is_file(), (module, name)
    assert not list(site.rglob("*.map")), "source maps are not shipped"
    assert "engine/__init__.py" in manifest["engine_files"]
    for name in manifest["engine_files"]:
        assert (site / name).read_bytes() == (ROOT / name).read_bytes()
    names = {spec["name"] for spec in manifest["options"]["options"]}
    assert {"draw", "no_aces", "ascending", "open_challenge", "deck", "decks"} <= names
    lock = json.loads((pyodide.parent / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"]["python"].startswith("3.")


def test_pages_start_the_engine_from_their_head(site: Path) -> None:
    """Both pages carry the boot part of build.json and preload the whole boot chain (the
    runtime and the snapshot through app/preload.js, first in the head: a first visit's)."""
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    runtime = manifest["pyodide"].rsplit("/", 1)[0]
    for name in ("index.html", "embed.html"):
        page = (site / name).read_text(encoding="utf-8")
        meta = re.search(r'<meta name="vnv-boot" content="([^"]+)"', page)
        assert meta, name
        boot = json.loads(html.unescape(meta[1]))
        assert boot == {k: manifest[k] for k in boot}, name
        assert set(boot) == {"pyodide", "pyscript", "memory_indexeddb", "worker", "snapshot"}
        modules = re.findall(r'<link rel="modulepreload" href="([^"]+)"', page)
        preload_tag = r'<script src="app/boot/preload.js" data-fetch="([^"]+)"></script>'
        preload = re.search(preload_tag, page)
        assert preload, name
        assert page.index(preload[0]) < page.index('<link rel="stylesheet"'), name
        fetches = preload[1].split()
        for path in modules + fetches:
            assert (site / path).is_file(), (name, path)
        # Every module main.js imports, however deep, and PyScript's core.
        chain = {"app/main.js", "app/boot/engine-start.js", "app/boot/boot.js", "app/game/setup.js"}
        assert chain <= set(modules)
        assert manifest["pyscript"] in modules
        heavy = {f"{runtime}/pyodide.asm.wasm", manifest["snapshot"]["built"]["url"]}
        assert heavy <= set(fetches), name
        # The stdlib is fetched after the restore, which does not need it (app/worker/snapshot.js).
        assert f"{runtime}/python_stdlib.zip" not in fetches, name
        # The worker starts first, before main.js (embed/frame.js) and its catalog.
        scripts = re.findall(r'<script type="module" src="([^"]+)"', page)
        assert scripts[0] == "app/boot/engine-start.js", (name, scripts)


def test_page_has_no_inline_script_and_no_offsite_url(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert "src=" in tag, tag
    for body in re.findall(r"<script\b[^>]*>(.*?)</script>", page, re.S):
        assert not body.strip(), "inline script"
    assert not re.search(r"\son[a-z]+=", page), "inline event handler"
    assert not re.search(r"\sstyle=", page), "inline style"
    text_files = {".js", ".css", ".py", ".svg", ".html", ".json"}  # not the snapshot (.bin.br)
    ours = [site / "index.html", site / "embed.html", site / "manifest.webmanifest"]
    ours += sorted(p for p in (site / "app").iterdir() if p.suffix in text_files)
    for path in ours:
        text = path.read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"https?://(?!localhost|127\.0\.0\.1)", text), path.name


def test_page_text_is_prerendered_from_the_catalog(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "<h1 data-i18n=\"app.title\">Verish' Ne Verish'</h1>" in page
    assert 'data-i18n="setup.waiting">Deal (the engine is still loading)</button>' in page


def lookup(catalog: dict[str, object], key: str) -> object:
    node: object = catalog
    for part in key.split("."):
        assert isinstance(node, dict), key
        assert part in node, key
        node = node[part]
    return node


def test_every_ui_string_is_in_the_catalog() -> None:
    catalog = json.loads((ROOT / "i18n" / "en.json").read_text(encoding="utf-8"))
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', page))
    # Element text in the source page is empty: the build fills it from the catalog.
    for match in re.finditer(r'data-i18n="[^"]+"[^>]*>([^<]*)<', page):
        assert not match[1].strip(), match[0]
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "web" / "app").rglob("*.js"))
    keys |= set(re.findall(r'\bt\("([a-z_]+\.[a-z_.]+)"', scripts))
    assert len(keys) > 60
    for key in sorted(keys):
        try:
            value = lookup(catalog, key)
        except AssertionError:
            value = lookup(catalog, key + "_other")
        assert isinstance(value, str), key
    # Keys the JS builds from parts.
    dynamic = [f"boot.stage.{x}" for x in ("start", "runtime", "python", "engine", "ready")]
    dynamic += [f"boot.error.{x}" for x in ("fetch", "worker", "engine", "timeout", "unknown")]
    dynamic += [f"speed.{x}" for x in ("instant", "fast", "normal", "slow")]
    dynamic += [f"end.reason.{x}" for x in ("out", "last_loser", "match", "move_limit")]
    dynamic += ["setup.preset_classic", "setup.preset_quick", "level.random", "boot.stage.resume"]
    dynamic += [f"bot.name_{i}" for i in range(1, 6)]
    dynamic += ["review.call_challenge", "review.call_believe"]
    dynamic += [f"rank.{r}" for r in ("2", "10", "J", "Q", "K", "A")]
    dynamic += [f"suit.{x}" for x in "CDHS"] + [f"suit_name.{x}" for x in "CDHS"]
    for spec in describe()["options"]:
        if spec["values"] and not all(isinstance(v, bool) for v in spec["values"]):
            values = spec["values"] + ([None] if spec["nullable"] else [])
            dynamic += [
                f"option.{spec['name']}.v{'null' if v is None else v}"
                for v in values
                if v is not None or spec["name"] != "move_limit"
            ]
    for key in dynamic:
        assert isinstance(lookup(catalog, key), str), key
    # Every event type the engine emits has a template.
    kinds = ["dealt", "round_opened", "played", "passed", "challenged", "believed"]
    kinds += ["took_pile", "discarded", "drew", "out", "hand_over", "game_over"]
    for kind in kinds:
        assert kind in catalog["event"] or f"{kind}_other" in catalog["event"], kind
    assert {"revealed_honest", "revealed_bluff"} <= set(catalog["event"])


SNAPSHOT_MODULES = """
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
import zlib from "node:zlib";
const bytes = zlib.brotliDecompressSync(fs.readFileSync("%(snapshot)s"));
const py = await loadPyodide({ _loadSnapshot: new Uint8Array(bytes) });
fs.writeFileSync("%(out)s", py.runPython("import json, sys; json.dumps(sorted(sys.modules))"));
"""
# Modules only the CPython tooling imports; the engine and the worker never need them. (Not
# concurrent.futures or lzma: asyncio and shutil import those in every Pyodide.)
TOOLING_ONLY = ("multiprocessing", "argparse", "pickle")


def test_the_browser_gets_no_tooling(site: Path, tmp_path: Path) -> None:
    """engine/lab (arena, bench, simulate, fuzz) stays out of the site, precache and heap."""
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    assert not (site / "engine" / "lab").exists()
    assert not [n for n in manifest["engine_files"] if n.startswith("engine/lab")]
    assert "engine/lab" not in (site / "sw.js").read_text(encoding="utf-8")
    assert "engine/game.py" in (site / "sw.js").read_text(encoding="utf-8")
    # Nor the worker protocol's schema and generated types (docs/worker-protocol.md).
    assert not [p.name for p in (site / "app").iterdir() if p.name.endswith((".d.ts", ".json"))]

    node = shutil.which("node")
    assert node, "node is needed (it restores the built snapshot in the pinned Pyodide)"
    out, script = tmp_path / "modules.json", tmp_path / "modules.mjs"
    paths = {
        "pyodide": site / manifest["pyodide"],
        "snapshot": site / manifest["snapshot"]["built"]["url"],
        "out": out,
    }
    script.write_text(SNAPSHOT_MODULES % {k: v.as_posix() for k, v in paths.items()})
    done = subprocess.run([node, str(script)], check=False, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    modules = json.loads(out.read_text(encoding="utf-8"))
    assert "engine.game" in modules
    assert "engine.bots.expert" in modules
    assert not [m for m in modules if m.startswith("engine.lab")]
    assert not [m for m in modules if m.split(".")[0] in TOOLING_ONLY]
