"""The README is the project's face on PyPI: its quick start runs, it renders there, and it links home.

PyPI renders the long description with ``readme_renderer`` (Markdown, GitHub's
flavour): a README that it cannot render, or whose links are relative (they
lead nowhere on PyPI), shows badly there. ``twine check`` runs on the built
files in CI; here the same renderer runs on the README itself.
"""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

import readme_renderer.markdown

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_readme_quick_start_runs() -> None:
    results = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 5
    assert results.failed == 0


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "python3 -m venv .venv && .venv/bin/pip install -e '.[dev,rl]' && .venv/bin/python -m pytest"
    assert command in README
    assert command.replace("python3", "$PY") in ci


def test_readme_starts_with_pip_install_then_a_short_example() -> None:
    blocks = re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.MULTILINE | re.DOTALL)
    assert blocks[0] == ("bash", "pip install qwirkle\n")
    language, example = blocks[1]
    assert language == "python"
    assert len([line for line in example.splitlines() if line.strip()]) <= 10
    assert "import qwirkle" in example
    checkout = README.index("pip install -e '.[dev,rl]'")
    assert README.index("pip install qwirkle") < README.index(example) < checkout


def test_the_project_links_its_documentation_changelog_and_source_and_the_readme_links_them_too() -> None:
    urls = PROJECT["urls"]
    assert {"Documentation", "Changelog", "Source"} <= set(urls)
    for url in urls.values():
        assert re.fullmatch(r"https://[\w.-]+\.[a-z]{2,}/\S*", url), url
        assert f"({url})" in README, f"the README does not link {url}"


def test_readme_renders_on_pypi() -> None:
    assert PROJECT["readme"] == "README.md"  # hatchling declares it text/markdown
    html = readme_renderer.markdown.render(README, variant="GFM")
    assert html is not None, "readme_renderer could not render the README"
    assert html.count("<pre") == README.count("```") // 2
    assert "pip<span" in html or "pip install qwirkle" in html
    links = re.findall(r'href="([^"]+)"', html)
    assert links
    assert all(link.startswith(("https://", "#")) for link in links), links


def test_every_match_the_readme_offers_says_what_it_costs_or_is_short() -> None:
    # A reader runs the examples as they are: a long match must say so on its line, or stay short.
    matches = re.findall(r"^python -m qwirkle simulate .*$", README, flags=re.MULTILINE)
    assert matches
    for line in matches:
        games = int(re.search(r"--games (\d+)", line).group(1))  # type: ignore[union-attr]
        says_how_long = re.search(r"#.*\b(seconds?|minutes?|hours?)\b", line) is not None
        assert says_how_long or games <= (20 if "strong" in line else 2000), line
    # What the strong bot's matches cost, per game, is said once in words beside them.
    assert re.search(r"strong bot take time: a game costs about \d+ seconds? of one core", README)
