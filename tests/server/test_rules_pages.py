"""How to play each game, for people new to it, and the rules as meja plays them: both pages
answer from the package itself, so a server installed from a wheel has them too."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.cli.plain_words import engine_codes

GAMES = {
    "peranakan": "Peranakan: Tiles and Tactics",
    "te_kuiti": "Te Kuiti",
    "nasi_lemak": "Nasi Lemak: The Game",
    "mooncake": "Mooncake Master",
}
CHECKOUT = Path(__file__).resolve().parents[2]
DESIGNERS_WORDS = re.compile(
    r"\b[PTNM]\d{1,2}[ab]?\b"  # reading labels: P13, T4a, N5, M6
    r"|\bsrc/|\bmeja/|\w+\.(?:py|md|json)\b"  # source paths and files
    r"|\b(?:engine|option|seat \d|action \d)"  # how the program, not the box, speaks
)


def words(part: str) -> str:
    """The text of a part of a page as a reader gets it: tags and scripts left out."""
    text = re.sub(r"<script.*?</script>", "", part, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def article(page: str) -> str:
    """The how-to-play text of page, without the sample data its pictures are drawn from."""
    text = re.search(r'<article class="howto".*?</article>', page, re.S)
    assert text is not None, "the page holds no how-to-play article"
    return words(text.group())


def sections(page: str) -> dict[str, str]:
    """The article's text under each heading (h2 and h3), by heading."""
    parts = re.split(r"<h[23]>(.*?)</h[23]>", page)
    return {html.unescape(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@pytest.mark.parametrize(("game", "title"), GAMES.items())
def test_each_game_has_a_how_to_play_page_for_players(live: Any, game: str, title: str) -> None:
    answer = live.http.get(f"/how-to-play/{game}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert f"<title>How to play {title} · meja</title>" in page
    assert f"<h1>How to play {title}</h1>" in page
    parts = sections(page)
    for heading in ("The goal", "The pieces", "A turn", "How it ends", "Scoring"):
        assert heading in parts, f"{game}: no section '{heading}' in {list(parts)}"
        assert len(words(parts[heading])) > 80, f"{game}: '{heading}' says too little"
    example = next((h for h in parts if h.startswith("An example")), None)
    assert example is not None, f"{game}: the scoring has no worked example"
    assert re.search(r"\d.*\d", words(parts[example]), re.S), f"{game}: the example counts nothing"
    text = article(page)
    assert engine_codes(game, text) == []
    assert DESIGNERS_WORDS.findall(text) == []
    assert "](" not in page and "\n## " not in page and "{{" not in page
    # The pictures: where they go, and the table they are drawn from, the reader's seat first.
    assert 'data-howto-figure="table"' in page and 'data-howto-figure="pieces"' in page
    sample = re.search(r'<script type="application/json" class="howto-sample">(.*?)</script>', page)
    assert sample is not None
    data = json.loads(sample.group(1).replace("<\\/", "</"))
    shown = data["shown"]
    assert shown["table"]["game"] == game and shown["you"] == 0 and shown["legal"] == []
    assert shown["view"]["seat"] == 0 and 0 in shown["active"]
    assert data["more"] and all(moment["view"]["seat"] == 0 for moment in data["more"])
    assert '<script type="module" src="/static/js/how_to_play.js"></script>' in page
    # For designers, the rules as implemented; for everyone, the way back and a table to start.
    assert f'<a href="/rules/{game}">The rules as meja plays them</a>' in page
    assert '<a href="/">Back to the lobby</a>' in page
    assert f'href="/?game={game}#create-panel"' in page


def test_the_how_to_play_texts_are_the_packaged_ones() -> None:
    from meja.rules import HOW_TO_PLAY_DIR

    assert sorted(path.stem for path in HOW_TO_PLAY_DIR.glob("*.md")) == sorted(GAMES)
    assert HOW_TO_PLAY_DIR.parent.parent.name == "meja"


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/how-to-play/chess", "This server has no game called “chess”."),
        ("/how-to-play/toy", "How to play Toy Cards is not installed with this server."),
    ],
)
def test_a_game_without_how_to_play_gets_a_page_that_says_so(
    live: Any, path: str, words: str
) -> None:
    answer = live.http.get(path)
    assert answer.status_code == 404
    assert words in answer.text
    assert '<a href="/">Back to the lobby</a>' in answer.text


def copy_of_the_checkout(to: Path) -> Path:
    """What a wheel is built from, as it stands in the checkout, without compiled files or
    build leftovers, so the build writes nothing into the checkout."""
    leftovers = shutil.ignore_patterns("*.so", "*.c", "__pycache__", "*.egg-info", "build")
    shutil.copytree(CHECKOUT / "src", to / "src", ignore=leftovers)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(CHECKOUT / name, to / name)
    return to


def run(command: list[str | Path], **options: Any) -> str:
    """Run command; its output, or a failure that shows it."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, **options)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.timeout(900)
def test_a_server_installed_from_a_wheel_serves_every_rules_page(tmp_path: Path) -> None:
    """Slow (a wheel is built and installed): one fresh environment serves every game's pages."""
    source = copy_of_the_checkout(tmp_path / "checkout")
    wheels = tmp_path / "wheels"
    build = {"MEJA_COMPILE": "later", "PATH": str(Path(sys.executable).parent)}
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    run([*pip_wheel, "-w", wheels, source], env={**build, "HOME": str(tmp_path)}, cwd=tmp_path)
    [wheel] = wheels.glob("meja-*.whl")
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q", wheel])
    # The wheel's meja first; the web extra's dependencies (FastAPI, ...) from this environment.
    installed = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    ours = sysconfig.get_paths()["purelib"]
    env = {"PYTHONPATH": f"{installed.strip()}:{ours}", "HOME": str(tmp_path), "PATH": "/usr/bin"}
    where = run([python, "-c", "import meja; print(meja.__file__)"], env=env, cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(venv), where
    printed = run([python, "-m", "meja.cli", "rules", "te_kuiti"], env=env, cwd=tmp_path)
    assert printed.startswith("# Te Kuiti")
    database = f"sqlite:///{tmp_path / 'web.db'}"
    command = [python, "-m", "meja.cli", "serve", "--port", "0", "--db", database]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        assert "serving on" in banner, banner
        url = banner.split()[4].rstrip("/")
        with httpx.Client(base_url=url, timeout=30) as http:
            for game, title in GAMES.items():
                rules = http.get(f"/rules/{game}")
                assert rules.status_code == 200, f"/rules/{game}: {rules.text[:300]}"
                assert "<h2>Components</h2>" in rules.text
                howto = http.get(f"/how-to-play/{game}")
                assert howto.status_code == 200, f"/how-to-play/{game}: {howto.text[:300]}"
                assert f"<h1>How to play {title}</h1>" in howto.text
                assert "<h2>The goal</h2>" in howto.text
            for script in ("how_to_play.js", "rules_dialog.js"):
                assert http.get(f"/static/js/{script}").status_code == 200
    finally:
        server.terminate()
        server.wait(30)
        if server.stdout is not None:
            server.stdout.close()
