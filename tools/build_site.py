"""Build the zero-server site: the gallery and every game notebook as a static voici site.

Run by ``make site`` with the build venv's Python (``.venv-site``, which holds voici-core,
jupyterlite and the lab extensions of ipywidgets, plotly and anywidget)::

    .venv-site/bin/python tools/build_site.py [--out site]

Everything the pages need is copied into the output folder, so a plain static host (or
``python -m http.server``) serves it and the browser fetches nothing from elsewhere:

* the Pyodide runtime (npm ``pyodide@PYODIDE_VERSION``, core files only) in ``static/pyodide/``,
  with its ``pyodide-lock.json`` trimmed to the pure-Python packages we serve next to it;
* the other pure-Python wheels (ipywidgets, plotly, anywidget, ..., changekit itself) in the
  piplite index ``pypi/``, with the PyPI fallback switched off;
* copies of the notebooks with a ``%pip install`` cell in front (``notebooks/`` is not changed).

Downloads (the npm tarball, the wheels) are cached in ``~/.cache/changekit-site/`` (outside
the clone: ``make clean`` keeps it); a second build is offline. See docs/static-site.md.
"""
from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import importlib.metadata as md
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The notebooks the site is made of (inside the package once they ship with it).
NOTEBOOKS = next((d for d in (ROOT / "changekit" / "notebooks", ROOT / "notebooks") if any(d.glob("*.ipynb"))),
                 ROOT / "notebooks")
#: Downloads (the npm tarball, the wheels) outlive the clone and ``make clean``: a rebuild, in
#: this clone or a fresh one, is offline. ``CHANGEKIT_SITE_CACHE`` moves it.
CACHE = Path(os.environ.get("CHANGEKIT_SITE_CACHE")
             or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "changekit-site")
LITE = ROOT / "build" / "site-lite"

PYODIDE_VERSION = "0.29.0"  # what jupyterlite-pyodide-kernel 0.7.0 expects

#: Packages the page loads through Pyodide's lock (loadPackage / micropip look there first):
#: what the kernel itself installs (ipython, jedi, sqlite3), micropip, and pure-Python
#: libraries we use that Pyodide also lists. Their dependencies are added from the lock.
LOCK_ROOTS = ["micropip", "packaging", "sqlite3", "jedi", "ipython", "sympy", "mpmath",
              "narwhals", "traitlets", "typing-extensions"]
#: In Pyodide's lock but not a pure wheel on PyPI: replaced by an empty stub (IPython's
#: history falls back to memory without it).
STUBS = {"sqlite3"}
#: Dependencies dropped from lock entries (matplotlib-inline does not need matplotlib to import).
DROP_DEPENDS = {"matplotlib-inline": {"matplotlib"}}

#: Pure-Python wheels served to piplite from ``pypi/``, at the versions of the build venv (so
#: the Python side matches the lab extensions the build copies from the same venv).
PIPLITE_PACKAGES = ["ipywidgets", "comm", "jupyterlab_widgets", "plotly", "anywidget", "psygnal"]

#: The cell put in front of every site notebook. changekit is installed without its
#: dependencies: its metadata also asks for the server side (voila, jupyterlab) and numpy,
#: which the browser neither needs nor can get; the apps run without them.
#:
#: A ``go.Figure`` displays as plotly's JupyterLab mime type (drawn by the jupyterlab-plotly
#: extension the build copies). Not through ``fig.show()``: plotly refuses mime rendering without
#: nbformat, which needs jsonschema and its compiled rpds-py (not to be had for Pyodide here). And
#: only that mime type: outside ipykernel plotly's default renderer is "plotly_mimetype+notebook",
#: which also sends all of plotly.js (4.7 MB) as an HTML output. FigureWidgets keep their own display.
PREAMBLE = (
    "%pip install -q ipywidgets comm plotly anywidget sympy\n"
    "%pip install -q --no-deps changekit\n"
    "import os; os.environ['PLOTLY_RENDERER'] = 'plotly_mimetype'\n"
    "from IPython.display import display as _display\n"
    "get_ipython().display_formatter.ipython_display_formatter.for_type_by_name(\n"
    "    'plotly.graph_objs._figure', 'Figure', lambda fig: _display(fig._repr_mimebundle_(), raw=True))"
)


def site_notebooks() -> list[str]:
    """Every registered game's notebook (the registry, read from this clone: its specs import only
    pure Python). The gallery is a plain page (:func:`gallery_page`); the class pages are left
    out, as they need the kit's server (the site is single-player), and so is the strategy lab,
    which runs bots in processes of their own that the browser's Python cannot start."""
    sys.path.insert(0, str(ROOT))
    from changekit.registry import all_specs  # this clone's registry, not an installed changekit

    return [spec.notebook for spec in all_specs() if spec.notebook]


#: Said on the gallery page of the site (after the gallery): what the browser version is not.
SINGLE_PLAYER_NOTE = (
    "*This is the browser version of the kit: every page runs by itself, in your browser, for one "
    "player (or a group taking turns at one screen with hot-seat). Nothing is sent anywhere, and a page "
    "knows nothing of the other pages or of other students. Class sessions, where students play together "
    "from their own devices, need the kit running on a server (`make app`).*"
)

#: The last cell of every site notebook: an invisible marker that every cell before it ran.
DONE_MARKER = "ck-site-done"

FONT_AWESOME = re.compile(r'\s*<link[^>]*(font-awesome|fontawesome)[^>]*>\s*', re.I)


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


def run(*cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---- Pyodide ---------------------------------------------------------------------------------
def pyodide_tarball() -> Path:
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE, "--silent")
    return tgz


def unpack_pyodide(dest: Path) -> dict:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(pyodide_tarball()) as tar:
        for member in tar.getmembers():
            if not member.isfile() or member.name.endswith((".map", ".d.ts", ".html", "README.md")):
                continue
            target = dest / Path(member.name).relative_to("package")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(tar.extractfile(member).read())
    return json.loads((dest / "pyodide-lock.json").read_text())


def pip_download(spec: str, dest: Path) -> Path:
    """The pure ``py3-none-any`` wheel of ``spec`` (name==version), from the cache or PyPI."""
    name, version = spec.split("==")
    pattern = re.compile(rf"^{re.sub(r'[-_.]+', '[-_.]', name)}-{re.escape(version)}-.*none-any\.whl$", re.I)
    dest.mkdir(parents=True, exist_ok=True)
    found = [p for p in dest.iterdir() if pattern.match(p.name)]
    if not found:
        log(f"pip download {spec}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.13", "--platform", "any", "--implementation", "py", "--abi", "none",
            "--dest", dest, spec)
        found = [p for p in dest.iterdir() if pattern.match(p.name)]
    if not found:
        raise SystemExit(f"no pure-Python wheel for {spec}")
    return found[0]


def stub_wheel(dest: Path, name: str, version: str) -> Path:
    """A wheel with nothing but metadata, so that installing ``name`` succeeds and imports fail."""
    path = dest / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            "Summary: empty stand-in (changekit static site)\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: changekit\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, text in files.items():
            data = text.encode()
            zf.writestr(zipfile.ZipInfo(arcname, (2020, 1, 1, 0, 0, 0)), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{arcname},sha256={digest},{len(data)}")
        record.append(f"{info}/RECORD,,")
        zf.writestr(zipfile.ZipInfo(f"{info}/RECORD", (2020, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    path.write_bytes(buf.getvalue())
    return path


def trim_lock(lock: dict, pyodide_dir: Path) -> list[str]:
    """Keep in the lock only the closure of LOCK_ROOTS, each served from ``pyodide_dir``."""
    packages = lock["packages"]
    by_norm = {norm(k): k for k in packages}
    keep: dict[str, dict] = {}
    todo = [norm(r) for r in LOCK_ROOTS]
    while todo:
        key = by_norm[todo.pop()]
        if key in keep:
            continue
        entry = copy.deepcopy(packages[key])
        entry["depends"] = [d for d in entry["depends"] if norm(d) not in DROP_DEPENDS.get(norm(key), set())]
        keep[key] = entry
        todo += [norm(d) for d in entry["depends"]]
    wheels = CACHE / "lock-wheels"
    for key, entry in keep.items():
        if norm(key) in STUBS:
            wheel = stub_wheel(pyodide_dir, entry["name"], entry["version"])
            entry["package_type"] = "package"
            entry["install_dir"] = "site"
        else:
            # Pyodide's hashes are of its repackaged wheels: take PyPI's and hash those.
            wheel = pip_download(f"{entry['name']}=={entry['version']}", wheels)
            shutil.copy2(wheel, pyodide_dir / wheel.name)
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256(pyodide_dir / wheel.name)
        entry["unvendored_tests"] = False
    lock["packages"] = keep
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock))
    return sorted(keep)


# ---- piplite wheels ------------------------------------------------------------------------
def piplite_wheels(dest: Path) -> list[str]:
    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for package in PIPLITE_PACKAGES:
        wheel = pip_download(f"{package}=={md.version(package)}", CACHE / "piplite-wheels")
        shutil.copy2(wheel, dest / wheel.name)
        names.append(wheel.name)
    log("building the changekit wheel")
    tmp = LITE / "_wheel"
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", tmp, ROOT,
        stdout=subprocess.DEVNULL)
    for wheel in tmp.glob("changekit-*.whl"):
        shutil.copy2(wheel, dest / wheel.name)
        names.append(wheel.name)
    shutil.rmtree(tmp)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    shutil.rmtree(ROOT / "build" / f"bdist.{sys.platform}", ignore_errors=True)
    return names


# ---- notebooks -----------------------------------------------------------------------------
def site_notebook(src: Path, dest: Path) -> None:
    """``src`` with the install cell in front and a marker cell at the end."""
    nb = json.loads(src.read_text())
    cells = nb["cells"]
    preamble = {"cell_type": "code", "execution_count": None, "id": "changekit-site-install",
                "metadata": {"tags": ["changekit-site"]}, "outputs": [], "source": PREAMBLE}
    done = {"cell_type": "code", "execution_count": None, "id": "changekit-site-done",
            "metadata": {"tags": ["changekit-site"]}, "outputs": [],
            "source": "from IPython.display import HTML as _HTML\n"
                      f"_HTML('<span class=\"{DONE_MARKER}\" hidden></span>')"}
    nb["cells"] = [preamble] + cells + [done]
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False))


# ---- the gallery: a plain page -------------------------------------------------------------
#: the gallery page's own style (the games' pages have JupyterLab's)
GALLERY_CSS = ("body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;"
               "margin:0;color:#1b1b1f}main{max-width:1000px;margin:0 auto;padding:12px 16px}"
               "h1{font-size:1.6em}a{color:#1a56b8}")


def gallery_page(out: Path) -> None:
    """The gallery (``index.ipynb``'s words, the registry's cards, the single-player note) as a
    plain page at ``voici/render/index.html``, where the games' "all games" links lead: a list of
    links needs no Python, so it shows at once instead of after Pyodide's start (20-40 s here)."""
    import mistune  # voici's nbconvert brings it: the build venv has it

    sys.path.insert(0, str(ROOT))
    from changekit.ui.gallery import gallery_html  # this clone's, as the registry above

    cells = json.loads((NOTEBOOKS / "index.ipynb").read_text())["cells"]
    at = next((i for i, c in enumerate(cells) if "gallery()" in "".join(c["source"])), None)
    if at is None:
        raise SystemExit("index.ipynb changed: no cell shows gallery(); update tools/build_site.py")

    def words(part: list[dict]) -> str:
        return "".join(str(mistune.html("".join(c["source"]))) for c in part if c["cell_type"] == "markdown")

    # the cards link to `<game>.ipynb`; voici renders `<game>.html` next to this page
    cards = gallery_html(class_pages=False).replace('.ipynb"', '.html"')
    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>changekit: the games</title><style>{GALLERY_CSS}</style></head>\n"
            f"<body><main>{words(cells[:at])}{cards}{mistune.html(SINGLE_PLAYER_NOTE)}"
            f"{words(cells[at + 1:])}</main></body></html>\n")
    (out / "voici" / "render" / "index.html").write_text(page)


# ---- after voici ---------------------------------------------------------------------------


def postprocess(out: Path) -> None:
    """What the site needs after ``voici build``; safe to run twice."""
    stripped = 0
    for page in list((out / "voici").rglob("*.html")) + list(out.glob("*.html")):
        html = page.read_text()
        new = FONT_AWESOME.sub("\n", html)
        if new != html:
            page.write_text(new)
            stripped += 1
    log(f"Font Awesome links removed from {stripped} pages (offline, the few icons are missing)")
    sys.path.insert(0, str(ROOT))
    from changekit.serving import raise_anywidget_timeout  # the class server's copy is patched alike

    patched = raise_anywidget_timeout(out / "extensions" / "anywidget")
    if not patched:
        log("WARNING: anywidget's 2 s model timeout not found: check ANYWIDGET_TIMEOUT")
    log(f"anywidget model timeout raised to 60 s in {patched} files")
    # the site's front door is the gallery (JupyterLite's own root page would open the file tree)
    (out / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>changekit</title>\n'
        '<meta http-equiv="refresh" content="0; url=voici/render/index.html"></head>\n'
        '<body><p><a href="voici/render/index.html">changekit: the games</a></p></body></html>\n')
    external = [str(p.relative_to(out)) for p in out.rglob("*.html")
                if re.search(r'(src|href)="(https?:)?//', p.read_text())]
    if external:
        log(f"WARNING: pages still linking to other hosts: {external}")


# ---- build ---------------------------------------------------------------------------------
#: Written into the site: what it was built from (the browser test refuses a stale site).
STAMP = "changekit-site.json"
#: Lab extensions the pages need, copied by voici from the build venv.
EXTENSIONS = ["jupyterlab-plotly", "anywidget", "@jupyter-widgets/jupyterlab-manager"]


def source_files() -> list[Path]:
    """Everything a site is built from, but the downloads (pinned by version)."""
    files = [p for p in (ROOT / "changekit").rglob("*.py")] + list(NOTEBOOKS.glob("*.ipynb"))
    files += [ROOT / "pyproject.toml", Path(__file__).resolve(), ROOT / "tools" / "site-requirements.txt"]
    return sorted(set(files))


def source_digest() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def build(out: Path) -> None:
    start = time.perf_counter()
    shutil.rmtree(LITE, ignore_errors=True)
    LITE.mkdir(parents=True)
    pyodide_dir = LITE / "static" / "pyodide"
    lock = unpack_pyodide(pyodide_dir)
    kept = trim_lock(lock, pyodide_dir)
    log(f"Pyodide {PYODIDE_VERSION}: {len(kept)} lock packages served locally: {', '.join(kept)}")
    wheels = piplite_wheels(LITE / "pypi")
    log(f"piplite wheels: {', '.join(wheels)}")
    (LITE / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "changekit",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
            },
        },
    }, indent=2))
    content = LITE / "content"
    content.mkdir()
    for name in site_notebooks():
        if not (NOTEBOOKS / name).is_file():
            raise SystemExit(f"the registry names the notebook {name!r}, which is not in {NOTEBOOKS}")
        site_notebook(NOTEBOOKS / name, content / name)
    shutil.rmtree(out, ignore_errors=True)
    log("voici build")
    voici_log = LITE / "voici-build.log"
    with voici_log.open("w") as sink:
        done = subprocess.run([str(Path(sys.executable).parent / "voici"), "build", "--lite-dir", str(LITE),
                               "--contents", str(content), "--output-dir", str(out), "--apps", "voici",
                               "--no-unused-shared-packages", "--no-sourcemaps"],
                              cwd=LITE, stdout=sink, stderr=subprocess.STDOUT)
    if done.returncode:
        sys.stdout.write(voici_log.read_text()[-5000:])
        raise SystemExit(f"voici build failed (exit {done.returncode}); its whole output: {voici_log}")
    missing = [name for name in EXTENSIONS if not (out / "extensions" / name).is_dir()]
    if missing:  # the charts or widgets would not draw: install the package in the build venv
        raise SystemExit(f"lab extensions missing from the site: {missing} (see tools/site-requirements.txt)")
    gallery_page(out)
    postprocess(out)
    (out / STAMP).write_text(json.dumps({"sources": source_digest(), "pyodide": PYODIDE_VERSION}, indent=1))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"done: {out} ({size / 1e6:.0f} MB) in {time.perf_counter() - start:.0f} s; "
        f"try it: python -m http.server -b 127.0.0.1 -d {out.name} 8000, then open http://127.0.0.1:8000/")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args(argv)
    build(args.out.resolve())


if __name__ == "__main__":
    main()
