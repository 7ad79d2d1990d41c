"""The build's fingerprinted code folder (tools/build.py: fingerprint_app) and the header rule
that lets hosts cache it for good (netlify.toml, as tools/serve.py applies it). No browser:
the built site itself is checked in e2e/test_site.py and e2e/test_headers.py."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402
import serve  # noqa: E402

PAGE = """<link rel="stylesheet" href="app/style.css" />
<meta name="vnv-boot" content="{&quot;worker&quot;:&quot;app/worker.py&quot;}" />
<script type="module" src="app/main.js"></script>
<p>Not a reference: the app/ folder, apps/x.js.</p>
"""


def fake_site(out: Path, main: str = "export const x = 1;\n") -> None:
    """The files fingerprint_app reads and rewrites, as the build leaves them before it runs."""
    (out / "app").mkdir(parents=True)
    (out / "app" / "main.js").write_text(main, encoding="utf-8")
    (out / "app" / "style.css").write_text("body {}\n", encoding="utf-8")
    (out / "rules").mkdir()
    (out / "index.html").write_text(PAGE, encoding="utf-8")
    (out / "rules" / "en.html").write_text('<img src="../app/icon.svg">', encoding="utf-8")
    manifest = {"app": "app/", "worker": "app/worker.py", "engine_files": ["engine/a.py"]}
    (out / "build.json").write_text(json.dumps(manifest), encoding="utf-8")
    (out / "manifest.webmanifest").write_text('{"icons": [{"src": "app/icon.svg"}]}', "utf-8")


def test_the_code_folder_is_named_by_its_content_and_every_page_follows(tmp_path: Path) -> None:
    fake_site(tmp_path / "a")
    folder = build.fingerprint_app(tmp_path / "a")
    assert re.fullmatch(r"app-[0-9a-f]{12}/", folder), folder
    assert not (tmp_path / "a" / "app").exists()
    assert (tmp_path / "a" / folder / "main.js").read_text(encoding="utf-8").startswith("export")
    page = (tmp_path / "a" / "index.html").read_text(encoding="utf-8")
    assert page == PAGE.replace('"app/', f'"{folder}').replace(";app/", f";{folder}")
    assert "the app/ folder, apps/x.js" in page  # prose and other names stay as they are
    rules = (tmp_path / "a" / "rules" / "en.html").read_text(encoding="utf-8")
    assert rules == f'<img src="../{folder}icon.svg">'
    manifest = json.loads((tmp_path / "a" / "build.json").read_text(encoding="utf-8"))
    assert manifest == {
        "app": folder,
        "worker": f"{folder}worker.py",
        "engine_files": ["engine/a.py"],
    }
    web = json.loads((tmp_path / "a" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert web["icons"][0]["src"] == f"{folder}icon.svg"
    # The same files: the same name (a rebuild keeps the cached copies); one changed: a new one.
    fake_site(tmp_path / "b")
    assert build.fingerprint_app(tmp_path / "b") == folder
    fake_site(tmp_path / "c", main="export const x = 2;\n")
    assert build.fingerprint_app(tmp_path / "c") != folder


def test_the_code_folder_is_cached_for_good_and_the_pages_are_not() -> None:
    rules = serve.load_rules()
    immutable = "public, max-age=31536000, immutable"
    for path in ("/app-0123456789ab/main.js", "/app-0123456789ab/worker.py"):
        assert serve.headers_for(rules, path)["Cache-Control"] == immutable, path
    for path in ("/", "/index.html", "/embed.html", "/build.json", "/rules/en.html"):
        assert serve.headers_for(rules, path)["Cache-Control"] == "no-cache", path
