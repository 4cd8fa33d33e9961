"""What `pip install` brings and which binary the kit runs when it is not told."""
import os
import tomllib
from pathlib import Path

from layout_playground.client import default_binary

KIT = Path(__file__).resolve().parents[1]


def test_the_pytest_extra_brings_pytest_for_the_plugin():
    project = tomllib.loads((KIT / "pyproject.toml").read_text())["project"]
    assert any(requirement.startswith("pytest") for requirement in project["optional-dependencies"]["pytest"])
    assert "layout_playground" in project["entry-points"]["pytest11"]
    setup = (KIT.parents[1] / ".ci" / "setup").read_text()
    assert '/clients/python[pytest]"' in setup


def make_binary(root, configuration, modified):
    path = root / ".build" / configuration / "layout-playground"
    path.parent.mkdir(parents=True)
    path.write_text("")
    os.utime(path, (modified, modified))
    return path


def test_the_newer_of_the_debug_and_release_builds_runs(tmp_path, monkeypatch):
    monkeypatch.delenv("LAYOUT_PLAYGROUND_BIN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert default_binary() == tmp_path / ".build" / "debug" / "layout-playground"   # neither: reported missing
    release = make_binary(tmp_path, "release", 2_000_000_000)
    assert default_binary() == release                                               # `bash .ci/play` alone
    debug = make_binary(tmp_path, "debug", 1_000_000_000)
    assert default_binary() == release                                               # release is newer
    os.utime(debug, (2_000_000_100, 2_000_000_100))
    assert default_binary() == debug                                                 # a later `swift build`


def test_layout_playground_bin_wins(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_binary(tmp_path, "release", 2_000_000_000)
    monkeypatch.setenv("LAYOUT_PLAYGROUND_BIN", "/opt/layout-playground")
    assert default_binary() == Path("/opt/layout-playground")
