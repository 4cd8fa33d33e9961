"""Every snippet of README.md, docs/CLIENTS.md and clients/python/README.md, taken from the files and
run as written against the built binary. Only a fixed address (`ws://127.0.0.1:8080/`, the Quick
start's) is pointed at the test's own server, and the JavaScript test's import of
`./Public/connection.js` at that file, since the snippet is written to sit in the checkout's root.

Expected values by hand: search-bar's navView is 375 × 62 at the root's top (navTop 0); its focus
action animates navTop to −62 over 0.25 s, ease in-out, which is half way at half the time (the curve is
symmetric): y = −31 at 0.125 s. date-picker's showPicker moves pickerContainer's top from 667 to 544 the
same way: 667 − 123 / 2 = 605.5 at 0.125 s. The iphone-se preset is 320 × 568."""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from layout_playground import Server
from layout_playground.client import default_binary

REPO = Path(__file__).resolve().parents[3]
BINARY = default_binary().resolve()
QUICK_START_URL = "ws://127.0.0.1:8080/"
TIMEOUT = 60


def snippets(document, language):
    """The fenced code blocks of `language` in `document` (a path under the repository), in order."""
    text = (REPO / document).read_text()
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.S | re.M)


def environment():
    return {**os.environ, "LAYOUT_PLAYGROUND_BIN": str(BINARY)}


@pytest.fixture(scope="module")
def server():
    running = Server(BINARY)
    yield running
    running.stop()


def run_python(code, cwd):
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT,
                            cwd=cwd, env=environment())
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_each_document_has_the_snippets_checked_here():
    assert len(snippets("README.md", "python")) == 2
    assert len(snippets("README.md", "swift")) == 1
    assert len(snippets("README.md", "js")) == 1
    assert len(snippets("clients/python/README.md", "python")) == 2


def test_readme_websocket_script_prints_the_animation(server, tmp_path):
    script, = [code for code in snippets("README.md", "python") if QUICK_START_URL in code]
    output = run_python(script.replace(QUICK_START_URL, server.url), tmp_path)
    nav = [line.split(" ", 2)[2] for line in output.splitlines() if line.split(" ")[1:2] == ["navView"]]
    assert nav == ["[0, 0, 375, 62]", "[0, -31, 375, 62]", "[0, -62, 375, 62]"], output


@pytest.mark.parametrize("document", ["README.md", "clients/python/README.md"])
def test_pytest_snippet_passes_with_the_plugin(document, pytester):
    test, = [code for code in snippets(document, "python") if "def test_" in code]
    pytester.makepyfile(test_snippet=test)
    result = pytester.runpytest_subprocess("--playground-binary", str(BINARY))
    result.assert_outcomes(passed=1)


def test_kit_readme_asyncio_example_prints_half_way(tmp_path):
    example, = [code for code in snippets("clients/python/README.md", "python") if "asyncio" in code]
    output = run_python(example, tmp_path)
    assert output == "1 Rect(x=0.0, y=605.5, width=375.0, height=207.0)\n"


def test_readme_javascript_test_passes_under_node(server, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    flags = []
    if subprocess.run([node, "--experimental-websocket", "-e", ""], capture_output=True).returncode == 0:
        flags = ["--experimental-websocket"]
    if subprocess.run([node, *flags, "-e", "if (typeof WebSocket !== 'function') process.exit(1)"],
                      capture_output=True).returncode != 0:
        pytest.skip("this Node has no WebSocket")
    test, = snippets("README.md", "js")
    module = (REPO / "Public" / "connection.js").as_uri()
    path = tmp_path / "nav.test.mjs"
    path.write_text(test.replace("'./Public/connection.js'", f"'{module}'").replace(QUICK_START_URL, server.url))
    result = subprocess.run([node, *flags, "--test", str(path)], capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# pass 1" in result.stdout


def test_readme_swift_test_is_the_one_swift_test_runs():
    test, = snippets("README.md", "swift")
    body = test.split("\n", 2)[2]   # after `import Testing` and `import PlaygroundClient`
    assert body in (REPO / "Tests" / "PlaygroundClientTests" / "ReadmeExampleTests.swift").read_text()


def test_clients_solve_example_lays_out_the_built_in_scene(tmp_path):
    lines = [line for block in snippets("docs/CLIENTS.md", "") for line in block.splitlines()
             if line.startswith("layout-playground solve ") and "|" not in line and "[" not in line]
    assert lines == ["layout-playground solve search-bar --device iphone-se"]
    arguments = lines[0].split()[1:]
    result = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    views = json.loads(result.stdout)["views"]
    assert views["root"]["frame"] == [0, 0, 320, 568]
    assert views["navView"]["frame"] == [0, 0, 320, 62]
