"""Random scenes and edit sequences through the real server, checked against the LP reference
(scene_runner.py says what each step checks), and the shrunk failures kept as regressions.

`SCENE_SEQUENCES` (default 10), `SCENE_SEED` (default 1) and `SCENE_STEPS` (default 25) choose the run:
    SCENE_SEQUENCES=2000 SCENE_SEED=7 python3 -m pytest Tests/socket/test_scenes.py -k random -s
"""
import os
from pathlib import Path

import pytest

import scene_runner

REGRESSIONS = sorted((Path(__file__).parent / "regressions").glob("*.jsonl"))

pytestmark = pytest.mark.session


@pytest.fixture(scope="module")
def runner():
    running = scene_runner.Runner()
    yield running
    running.stop()


def test_random_sequences(runner):
    sequences = int(os.environ.get("SCENE_SEQUENCES", "10"))
    seed = int(os.environ.get("SCENE_SEED", "1"))
    steps = int(os.environ.get("SCENE_STEPS", "25"))
    lines = []
    failures = scene_runner.run_many(runner, seed, sequences, steps, shrink_budget=60.0, log=lines.append)
    assert not failures, "\n".join(lines)


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.stem for p in REGRESSIONS])
def test_regression(runner, path):
    load, edits = scene_runner.read_jsonl(path)
    failure = runner.failure_of(load, edits)
    assert failure is None, f"{path.name}: {failure}"
