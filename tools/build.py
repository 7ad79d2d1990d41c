"""Assemble the publishable site into one folder (``dist/`` by default).

What goes in:

* ``web/``            the page, its JS modules, CSS and the worker's Python (``worker.py``);
* ``engine/``         the rules engine package, file by file, for the worker's file system,
                      without ``engine/lab/`` (CPython-only tooling: arena, benchmark, fuzzer);
* ``i18n/``           the UI catalogs;
* ``vendor/``         Pyodide, PyScript, fake-indexeddb (the worker's stand-in where the
                      browser denies storage), brotli-dec-wasm (decodes the snapshot) and the
                      QR code libraries of the friends' invites (qrcode-generator, jsQR)
                      copied from ``node_modules`` (pinned in package.json),
                      under versioned folder names so they can be cached forever;
* ``build.json``      a manifest the page reads: runtime URLs, engine files, engine options.

Nothing is fetched from the network here: ``npm ci`` must have filled ``node_modules`` first.
Run: ``python3 tools/build.py [--out dist]``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Exactly what loadPyodide needs for a standard-library-only program.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class BuildError(RuntimeError):
    pass


def package_version(name: str) -> str:
    path = ROOT / "node_modules" / name / "package.json"
    if not path.is_file():
        raise BuildError(f"{path} is missing: run `npm ci` first")
    version: str = json.loads(path.read_text(encoding="utf-8"))["version"]
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"][name]
    if pinned != version:
        raise BuildError(f"node_modules has {name} {version}, package.json pins {pinned}: npm ci")
    return version


def copy_pyodide(out: Path) -> str:
    version = package_version("pyodide")
    src = ROOT / "node_modules" / "pyodide"
    dest = out / "vendor" / f"pyodide-{version}"
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dest / name)
    return f"vendor/pyodide-{version}/"


def copy_modules(out: Path, name: str, folder: str, short: str) -> str:
    """Every ``.js``/``.css`` file under a package's ``folder``, sub-folders included.

    PyScript's core.js imports its chunks lazily (editor, terminal, ... only when a page uses
    them) and fake-indexeddb's modules import each other: ship them all so no import can miss,
    but not the source maps.
    """
    version = package_version(name)
    src = ROOT / "node_modules" / name / folder
    dest = out / "vendor" / f"{short}-{version}"
    for path in sorted(src.rglob("*")):
        if path.suffix in {".js", ".css"}:
            target = dest / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return f"{dest.relative_to(out).as_posix()}/"


# The QR code libraries (package: its files): qrcode-generator draws the invites' codes, jsQR
# reads them where the browser has no BarcodeDetector. The browser imports both as they are:
# qrcode.mjs is an ES module (its licence is in its header), jsQR.js a UMD file that, imported
# as a module, sets ``self.jsQR``.
QR_LIBRARIES = {
    "qrcode-generator": ("dist/qrcode.mjs",),
    "jsqr": ("dist/jsQR.js", "LICENSE"),
}
QR_IMPORTER = "app/friends/qr.js"


def copy_qr_libraries(out: Path) -> None:
    """The QR code libraries into ``vendor/<package>-<version>/``.

    app/friends/qr.js names those folders (a static import needs its path), so the build fails
    if it names other versions than the ones package.json pins.
    """
    importer = (out / QR_IMPORTER).read_text(encoding="utf-8")
    for name, files in QR_LIBRARIES.items():
        folder = f"vendor/{name}-{package_version(name)}/"
        if folder not in importer:
            raise BuildError(f"{QR_IMPORTER} does not load {name} from {folder}: update its path")
        (out / folder).mkdir(parents=True)
        for file in files:
            shutil.copy2(ROOT / "node_modules" / name / file, out / folder / Path(file).name)


TOOLING = ROOT / "engine" / "lab"


def engine_files() -> list[str]:
    """The engine files the worker needs: the browser gets only what runs there (not the lab)."""
    files = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "engine").rglob("*.py")
        if "__pycache__" not in p.parts and not p.is_relative_to(TOOLING)
    )
    if "engine/__init__.py" not in files:
        raise BuildError("engine/__init__.py is missing")
    return files


def engine_options() -> dict[str, Any]:
    """The engine's own description of its options (``engine.config.describe()``).

    Read at build time so the setup screen paints at once, before Python runs in the browser.
    """
    code = "import json, engine.config as c; print(json.dumps(c.describe()))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BuildError(f"engine.config.describe() failed:\n{done.stderr}")
    return json.loads(done.stdout)


def lookup(catalog: dict[str, Any], key: str) -> str | None:
    node: Any = catalog
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node if isinstance(node, str) else None


def check_catalog(catalog: dict[str, Any], options: dict[str, Any]) -> None:
    """Every engine option needs a label and a hint, so the setup screen never shows a key."""
    missing = [
        f"option.{spec['name']}.{part}"
        for spec in options["options"]
        for part in ("label", "hint")
        if lookup(catalog, f"option.{spec['name']}.{part}") is None
    ]
    if missing:
        raise BuildError("i18n/en.json lacks " + ", ".join(missing))


I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
I18N_ATTR = re.compile(r'\sdata-i18n-(aria-label|title|placeholder)="([^"]+)"')


def prerender(page: str, catalog: dict[str, Any]) -> str:
    """Fill the page's text from the English catalog, so it paints (and reads) before any JS.

    The source HTML holds keys only (``data-i18n="setup.heading"`` on an empty element); the
    page's JS fills the same keys again at run time, from whichever catalog is loaded.
    """

    def text(match: re.Match[str]) -> str:
        value = lookup(catalog, match[3])
        if value is None:
            raise BuildError(f"index.html: no catalog text for {match[3]}")
        return match[1] + html.escape(value, quote=False) + match[4]

    def attr(match: re.Match[str]) -> str:
        value = lookup(catalog, match[2])
        if value is None:
            raise BuildError(f"index.html: no catalog text for {match[2]}")
        return f'{match[0]} {match[1]}="{html.escape(value)}"'

    return I18N_ATTR.sub(attr, I18N_TEXT.sub(text, page))


def render_rules(out: Path) -> list[str]:
    """The rules pages (tools/render_rules.py, from i18n/rules/) into ``out/rules/``, each section
    linked to its rule examples, and the examples pages (tools/render_examples.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import render_examples  # noqa: PLC0415 - the rule examples, beside the rules
        import render_rules  # noqa: PLC0415 - optional part of the site, owned by the rules docs
    except ImportError as error:
        raise BuildError(f"tools/render_rules.py cannot run: {error}") from error
    finally:
        sys.path.pop(0)
    links = {lang: render_examples.section_links(lang) for lang in render_examples.LANGUAGES}
    written = render_rules.render_all(out, links=links) + render_examples.render_all(out)
    return sorted(p.relative_to(out).as_posix() for p in written if p.suffix == ".html")


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


# Brotli quality of the shipped snapshot: 10 is within 2 % of 11's size in a fraction of its
# time (docs/snapshot.md has the figures); every e2e run and CI builds the site.
SNAPSHOT_QUALITY = 10
WORKER = "app/worker.py"  # the code PyScript runs in the engine's worker (web/app/worker.py)
# Snapshots made by earlier builds, by key (not in git): making and compressing one takes most
# of a build, and the key covers everything it holds. Two dumps of the same inputs differ in a
# few million bytes (hash seeds, random state, addresses), so a cache by the heap's own hash
# would never hit; any snapshot made for the key is as good as another.
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
SNAPSHOT_CACHE_KEEP = 3


def copy_decoder(out: Path) -> str:
    """brotli-dec-wasm's module and its WebAssembly: the page decodes the snapshot with them."""
    version = package_version("brotli-dec-wasm")
    src = ROOT / "node_modules" / "brotli-dec-wasm"
    dest = out / "vendor" / f"brotli-dec-wasm-{version}"
    dest.mkdir(parents=True)
    for name in ("pkg/brotli_dec_wasm.js", "pkg/brotli_dec_wasm_bg.wasm", "LICENSE-MIT.txt"):
        shutil.copy2(src / name, dest / Path(name).name)
    return f"vendor/brotli-dec-wasm-{version}/brotli_dec_wasm.js"


def snapshot_manifest(out: Path, pyodide: str, files: list[str]) -> dict[str, Any]:
    """The memory snapshot (fast start, see docs/snapshot.md) and its part of build.json.

    Made here, in Node (tools/make_snapshot.mjs), with the engine imported: the first visit
    boots from it. Shipped brotli-compressed as ``snapshot/<sha>.bin.br`` (31 MB -> ~3.7 MB),
    ``<sha>`` the SHA-256 of the snapshot itself; the host sends it as plain bytes and the page
    decodes it (brotli-dec-wasm, vendored by :func:`copy_decoder`). The key covers
    everything the snapshot holds: the Pyodide build (version and wasm), every file in ``files``
    (the engine's, imported, and the worker's, compiled), and
    the code that prepares the interpreter before the snapshot is taken (app/worker/snapshot.js
    and what it imports). The
    browser keeps a copy in Cache Storage under that key for return visits, and makes its own if
    this one fails.
    """
    h = hashlib.sha256()
    h.update(pyodide.encode())
    h.update(hashlib.sha256((out / pyodide / "pyodide.asm.wasm").read_bytes()).digest())
    for name in [*files, *module_graph(out, ["app/worker/snapshot.js"])]:
        h.update(name.encode() + b"\0")
        h.update(hashlib.sha256((out / name).read_bytes()).digest())
    key = h.hexdigest()[:24]
    built = cached_snapshot(key) or make_snapshot(out, pyodide, files, key)
    # Named by its content, so hosts and the service worker may cache it for good (netlify.toml)
    # and the precache reuses the copy the first boot fetched (tools/workbox.mjs).
    name = f"snapshot/{built['sha256'][:24]}.bin.br"  # not under app/: that folder is text only
    (out / "snapshot").mkdir(exist_ok=True)
    shutil.copyfile(SNAPSHOT_CACHE / key / "snapshot.bin.br", out / name)
    return {
        "key": key,
        "boot": "app/worker/pyodide-boot.js",
        "maker": "app/worker/snapshot-maker.js",
        "decoder": copy_decoder(out),
        "built": {"url": name, **built},
    }


def snapshot_recipe() -> bytes:
    """What makes a snapshot besides the key's inputs: the maker script and the quality."""
    script = (ROOT / "tools" / "make_snapshot.mjs").read_bytes()
    return script + f"\0{SNAPSHOT_QUALITY}".encode()


def cached_snapshot(key: str) -> dict[str, Any] | None:
    """The cached snapshot's part of build.json, if an intact one was made for ``key``."""
    folder = SNAPSHOT_CACHE / key
    try:
        info: dict[str, Any] = json.loads((folder / "snapshot.json").read_text(encoding="utf-8"))
        packed = (folder / "snapshot.bin.br").read_bytes()
    except (OSError, ValueError):
        return None
    recipe = hashlib.sha256(snapshot_recipe()).hexdigest()
    if info.pop("recipe", None) != recipe or info.pop("packed_sha256", None) != sha256(packed):
        return None
    folder.touch()  # recently used: kept by prune_snapshot_cache
    return info


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def make_snapshot(out: Path, pyodide: str, files: list[str], key: str) -> dict[str, Any]:
    """Make the snapshot (tools/make_snapshot.mjs) into the cache; its part of build.json."""
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=SNAPSHOT_CACHE))
    raw = work / "snapshot.bin"
    script = ROOT / "tools" / "make_snapshot.mjs"
    quality = str(SNAPSHOT_QUALITY)
    command = ["node", str(script), str(out), pyodide + "pyodide.mjs", str(raw), quality, *files]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError as error:
        shutil.rmtree(work)
        raise BuildError("node is needed to make the memory snapshot") from error
    packed = raw.with_name(raw.name + ".br")
    if done.returncode != 0 or not raw.is_file() or not packed.is_file():
        shutil.rmtree(work)
        raise BuildError(f"tools/make_snapshot.mjs failed:\n{done.stderr.strip()}")
    data = raw.read_bytes()
    raw.unlink()
    info: dict[str, Any] = {
        "sha256": sha256(data),
        "bytes": len(data),
        "encoding": "br",
        "wire_bytes": packed.stat().st_size,
    }
    stored = {
        **info,
        "recipe": sha256(snapshot_recipe()),
        "packed_sha256": sha256(packed.read_bytes()),
    }
    (work / "snapshot.json").write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    folder = SNAPSHOT_CACHE / key
    shutil.rmtree(folder, ignore_errors=True)
    work.rename(folder)  # whole or not at all, should a build be stopped meanwhile
    prune_snapshot_cache()
    return info


def prune_snapshot_cache() -> None:
    """Keep the few newest snapshots (a branch switched back and forth), drop the rest."""
    entries = sorted(
        (p for p in SNAPSHOT_CACHE.iterdir() if p.is_dir() and "." not in p.name),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in entries[SNAPSHOT_CACHE_KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


# ---------------------------------------------------------------- the page's head: boot early

# A relative module import, static only (`import ... from "./x.js"`, `import "./x.js"`,
# `export ... from "./x.js"`): what the browser fetches before a module runs.
STATIC_IMPORT = re.compile(r"""\b(?:from|import)\s*["'](\.\.?/[^"']+)["']""")
BOOT_HEAD = "<!-- build: boot manifest and preloads -->"
BOOT_ENTRIES = ("app/boot/engine-start.js", "app/main.js")


def module_graph(out: Path, entries: list[str]) -> list[str]:
    """The entries and every module they import statically, each once: the first entry's whole
    graph first (breadth first), then what the next one adds, and so on. The order is the
    preloads' order, and the browser runs a module once its whole graph is in."""
    found: list[str] = []
    for entry in entries:
        todo = [entry]
        while todo:
            name = todo.pop(0)
            if name in found:
                continue
            found.append(name)
            text = (out / name).read_text(encoding="utf-8")
            folder = posixpath.dirname(name)
            imports = STATIC_IMPORT.findall(text)
            todo += [posixpath.normpath(posixpath.join(folder, m)) for m in imports]
    return found


def boot_head(out: Path, boot: dict[str, Any]) -> str:
    """What the page's head gets so that the engine starts before anything else is in.

    ``<meta name="vnv-boot">``: the part of build.json that starting the worker needs
    (app/boot/engine-start.js reads it, so the worker starts before the catalog and build.json
    arrive). ``modulepreload`` for the page's boot chain (engine-start.js and main.js with
    every module they import, PyScript's core.js and its chunk): one round trip instead of one
    per import level. ``preload`` for what the worker fetches first from the versioned runtime
    (Pyodide's modules, the wasm) and the build's snapshot, so their downloads start with the
    page's (the stdlib only without a built snapshot: a restore fetches it afterwards, see
    app/worker/snapshot.js: mountStdlib); the worker's own requests then meet them in the HTTP cache
    (immutable files, one download each: e2e/test_offline.py counts them at the server). Those
    are started by app/boot/preload.js (a classic script: it runs as the head is parsed; a
    preload link for the wasm the page compiles, a plain fetch for what only the worker asks for,
    which a page's preload cannot serve) and only where no copy of this build's snapshot is
    stored: a return visit does not use them.
    """
    runtime = boot["pyodide"].rsplit("/", 1)[0] + "/"
    # What starts the worker first: engine-start.js's graph, then PyScript's, then main.js's.
    modules = module_graph(out, [BOOT_ENTRIES[0], boot["pyscript"], *BOOT_ENTRIES[1:]])
    fetches = [boot["pyodide"]] + [runtime + n for n in ("pyodide.asm.mjs", "pyodide.asm.wasm")]
    if boot["snapshot"] and boot["snapshot"].get("built"):
        fetches.append(boot["snapshot"]["built"]["url"])
    else:  # a bare boot needs the stdlib first; a restore does not (app/worker/snapshot.js)
        fetches.append(runtime + "python_stdlib.zip")
    content = html.escape(json.dumps(boot, separators=(",", ":")))
    # preload.js first, and before the stylesheet (index.html): a classic script waits for the
    # stylesheets above it, and the downloads it starts are the longest.
    lines = [f'<meta name="vnv-boot" content="{content}" />']
    lines.append(f'<script src="app/boot/preload.js" data-fetch="{" ".join(fetches)}"></script>')
    lines += [f'<link rel="modulepreload" href="{name}" />' for name in modules]
    return "\n    ".join(lines)


def write_boot_head(out: Path, boot: dict[str, Any]) -> None:
    index = out / "index.html"
    page = index.read_text(encoding="utf-8")
    if page.count(BOOT_HEAD) != 1:
        raise BuildError(f"index.html: {BOOT_HEAD} not found once")
    index.write_text(page.replace(BOOT_HEAD, boot_head(out, boot)), encoding="utf-8")


# ---------------------------------------------------------------- offline, install, embed


def write_embed_page(out: Path) -> str:
    """``embed.html``: the prerendered ``index.html`` in embed mode (docs/embedding.md).

    Same markup, so the two pages cannot drift: ``<body data-mode="embed">`` (compact layout,
    its own save slot and settings) and ``app/embed/frame.js`` in place of ``app/main.js`` (it
    imports main.js, reads the URL parameters, and talks to the parent page). The embed deals
    from its URL: no first screen's ways in, the setup form open.
    """
    page = (out / "index.html").read_text(encoding="utf-8")
    for old, new in (
        (
            '<script type="module" src="app/main.js"></script>',
            '<script type="module" src="app/embed/frame.js"></script>',
        ),
        ("<body>", '<body data-mode="embed">'),
        ('aria-labelledby="welcome-heading"', 'aria-labelledby="setup-heading"'),
        ('<div id="welcome" class="welcome">', '<div id="welcome" class="welcome" hidden>'),
        ('<form id="setup-form" novalidate hidden>', '<form id="setup-form" novalidate>'),
    ):
        if page.count(old) != 1:
            raise BuildError(f"index.html: cannot make embed.html, {old!r} not found once")
        page = page.replace(old, new)
    (out / "embed.html").write_text(page, encoding="utf-8")
    return "embed.html"


def build_service_worker(out: Path) -> dict[str, Any]:
    """``sw.js``, generated by Workbox (tools/workbox.mjs): precaches every built file.

    Runs last, once everything it lists is in ``out`` (docs/offline.md).
    """
    script = ROOT / "tools" / "workbox.mjs"
    if not (ROOT / "node_modules" / "workbox-build").is_dir():
        raise BuildError("node_modules/workbox-build is missing: run `npm ci` first")
    done = subprocess.run(
        ["node", str(script), str(out)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not (out / "sw.js").is_file():
        raise BuildError(f"workbox failed: {done.stderr.strip() or done.stdout.strip()}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def build(out: Path) -> dict[str, object]:
    if out.exists():
        shutil.rmtree(out)
    # The protocol's schema and its generated types describe the code for the checkers (tests,
    # tsc); nothing in the browser reads them, so the site leaves them out.
    leave_out = shutil.ignore_patterns("__pycache__", "*.pyc", "*.d.ts", "*.schema.json")
    shutil.copytree(ROOT / "web", out, ignore=leave_out)
    (out / "i18n").mkdir()
    for catalog_file in sorted((ROOT / "i18n").glob("*.json")):
        shutil.copy2(catalog_file, out / "i18n" / catalog_file.name)
    files = engine_files()
    for name in files:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, out / name)
    pyodide = copy_pyodide(out)
    pyscript = copy_modules(out, "@pyscript/core", "dist", "pyscript")
    memory_indexeddb = copy_modules(out, "fake-indexeddb", "build/esm", "fake-indexeddb")
    copy_qr_libraries(out)
    options = engine_options()
    catalog = json.loads((ROOT / "i18n" / "en.json").read_text(encoding="utf-8"))
    check_catalog(catalog, options)
    # What starting the engine's worker needs (engine-client.js: Manifest), also in the page.
    boot: dict[str, Any] = {
        "pyodide": pyodide + "pyodide.mjs",
        "pyscript": pyscript + "core.js",
        "memory_indexeddb": memory_indexeddb + "fakeIndexedDB.js",
        "worker": WORKER,
        # The worker's code goes into the snapshot too, compiled (docs/snapshot.md).
        "snapshot": snapshot_manifest(out, pyodide, [*files, WORKER]),
    }
    index = out / "index.html"
    index.write_text(prerender(index.read_text(encoding="utf-8"), catalog), encoding="utf-8")
    write_boot_head(out, boot)
    rules = render_rules(out)
    write_embed_page(out)
    ours = [ROOT / n for n in files] + sorted(p for p in (ROOT / "web").rglob("*") if p.is_file())
    manifest: dict[str, object] = {
        "build": digest(ours),
        **boot,
        "engine_files": files,
        "rules": rules,
        "options": options,
    }
    (out / "build.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    build_service_worker(out)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    try:
        manifest = build(args.out.resolve())
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    count = len(manifest["engine_files"])  # type: ignore[arg-type]
    print(f"built {args.out} (build {manifest['build']}, {count} engine files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
