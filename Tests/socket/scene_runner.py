"""Random scenes and edit sequences through the real server, checked against the LP reference.

Each sequence loads a generated scene (`scene_generator`) into a session of the real
`layout-playground` binary and sends edits one at a time, each with an id, under the manual clock.
After every message it checks:

- every reply is a JSON object of a known type, the turn ends with exactly one answer to its id
  (`ok`, `scene`, `added` or `error`), and no `error` is `internal`;
- the server process is still running;
- the error code is the one the model (`scene_model`) predicts, or none;
- the `conflict`s name, in order, the constraints the model breaks (feasibility from HiGHS);
- before a reload (`scene`, then `load` of its answer), the scene document holds the model's state
  (root, views, guides, constraints with their constants, priorities, `active` and `broken`);
- the frames, merged over every `frames` message since `load`: the root's is `[0, 0, W, H]`; each
  frame value the reference finds *determined* equals the reference's; the whole frame vector lies on
  the reference's optimal face; every installed required constraint holds.

Frames are rounded by the engine to 1/scale points per edge (x and the maximum edge separately, so a
width may move by up to 1/scale) and sent with 10⁻⁶ pt precision, so values are compared within
1/scale + 1e-6 pt; a constraint's residual within that times the sum of its coefficients' magnitudes.

A failure is shrunk (`shrink`) to a smallest scene and edit list that fail the same way, printed as
JSON lines (the `load`, then each edit) ready to paste into `Tests/socket/regressions/`.

By hand: `python3 Tests/socket/scene_runner.py --sequences 2000 --seed 7 [--steps 30]` (build first;
`--binary` for another server). Exits 1 when a sequence failed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import websockets
from websockets.sync.client import connect

import layout_reference as ref
import scene_generator
import scene_model

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from playground_server import PROTOCOL, PlaygroundServer as Server, binary_path  # noqa: E402

BINARY = binary_path()

TIMEOUT = 10.0
# What the checks covered, for the summary line: steps run, determined frame values compared, frame
# values only bounded by the optimal face, conflicts seen, errors expected and received.
STATS = {"steps": 0, "determined": 0, "free": 0, "conflicts": 0, "errors": 0}
REPLY_TYPES = {"hello", "scene", "frames", "animationEnd", "conflict", "ok", "error", "ambiguity",
               "convert", "added", "export", "fittingSize"}


@dataclass
class Failure(Exception):
    """A check that failed: `kind` (stable, used by the shrinker), the step (0 = load) and details."""
    kind: str
    step: int
    detail: str

    def __str__(self):
        return f"step {self.step}: {self.kind}: {self.detail}"


def alive(server: Server) -> bool:
    """Whether the server process is still running."""
    return server.process.poll() is None


def log_tail(server: Server, frames: int = 8) -> str:
    """The server log's fatal error line and the first `frames` frames of the crashed thread's
    backtrace (function and file:line), else its last lines."""
    lines = server.log_text().splitlines()
    fatal = [line for line in lines if "Fatal error" in line or "Program crashed" in line]
    stack = []
    for line in lines:
        match = re.match(r"\s*\d+ (?:\[ra\] )?(?:\[thunk\] )?\s*0x[0-9a-f]+ (.*?) \+ \d+ in (\S+)(?: at (\S+))?", line)
        if match and "libswiftCore" not in match.group(2):
            stack.append(f"{match.group(1)} at {Path(match.group(3) or match.group(2)).name}")
    if not fatal:
        return "\n".join(lines[-20:])
    return "\n".join(fatal + ["  " + frame for frame in stack[:frames]])


def start_server(binary: Path | None = None) -> Server:
    """The real binary on a free loopback port without rate limits (a test farm's setting: the
    sequences send far below the limits, but a shrinker replays many in a row)."""
    return Server(binary or BINARY, ["--rate", "0"], timeout=TIMEOUT, log_prefix="layout-playground-scenes-")


class Session:
    """One WebSocket session under the manual clock, with merged frames."""

    def __init__(self, server: Server, socket):
        self.server = server
        self.socket = socket
        hello = json.loads(self.socket.recv(TIMEOUT))
        assert hello.get("type") == "hello", hello
        self.next_id = 0
        self.frames: dict[str, list] = {}
        self.request({"type": "clock", "mode": "manual"}, step=0)

    def request(self, message: dict, step: int):
        """Sends `message` with a fresh id; returns (answer, conflict ids) after merging its frames."""
        self.next_id += 1
        rid = self.next_id
        try:
            self.socket.send(json.dumps({**message, "id": rid}))
        except Exception as error:
            raise Failure("connection", step, f"send failed: {error!r}")
        conflicts = []
        self.mentioned = set()
        while True:
            try:
                text = self.socket.recv(TIMEOUT)
            except Exception as error:
                try:    # a crash closes the socket a moment before the process is reaped
                    self.server.process.wait(2.0)
                except subprocess.TimeoutExpired:
                    pass
                running = alive(self.server)
                raise Failure("crash" if not running else "connection", step,
                              f"no answer to {message['type']} ({error!r}); server alive: {running}\n"
                              f"{log_tail(self.server) if not running else ''}")
            try:
                reply = json.loads(text)
            except ValueError:
                raise Failure("malformed", step, f"not JSON: {text[:200]!r}")
            if not isinstance(reply, dict) or reply.get("type") not in REPLY_TYPES:
                raise Failure("malformed", step, f"unknown reply {text[:200]!r}")
            kind = reply["type"]
            if kind == "frames":
                views = reply.get("views")
                if not isinstance(views, dict) or not isinstance(reply.get("seq"), int):
                    raise Failure("malformed", step, f"bad frames {text[:200]!r}")
                for view, fields in views.items():
                    self.mentioned.add(view)
                    if "frame" in fields:
                        frame = fields["frame"]
                        if not (isinstance(frame, list) and len(frame) == 4):
                            raise Failure("malformed", step, f"bad frame for {view}: {frame!r}")
                        self.frames[view] = frame
                continue
            if kind == "conflict":
                if not isinstance(reply.get("broken"), str) or not isinstance(reply.get("constraints"), list) \
                        or reply["constraints"][-1:] != [reply["broken"]]:
                    raise Failure("malformed", step, f"bad conflict {text[:300]!r}")
                conflicts.append(reply["broken"])
                continue
            if kind == "animationEnd":
                continue
            if reply.get("re") != rid:
                raise Failure("malformed", step, f"answer to another id: {text[:200]!r} (expected {rid})")
            if kind == "error":
                if reply.get("code") == "internal":
                    raise Failure("internal", step, f"{message['type']}: {reply.get('message')}")
                if not isinstance(reply.get("code"), str) or not isinstance(reply.get("message"), str):
                    raise Failure("malformed", step, f"bad error {text[:200]!r}")
            return reply, conflicts


def check_layout(model: scene_model.SceneModel, frames: dict, step: int, determine: bool = True):
    """Compares the merged frames with the reference's layout of the model (see the module doc)."""
    device = model.device
    tolerance = 1.0 / device.scale + 1e-6
    root = frames.get("root")
    expected_root = [0, 0, float(device.size[0]), float(device.size[1])]
    if root is None or any(abs(a - b) > 1e-6 for a, b in zip(root, expected_root)):
        raise Failure("frames", step, f"root frame {root} is not {expected_root}")
    missing = [v for v in model.views if v not in frames]
    if missing:
        raise Failure("frames", step, f"no frame received for {missing}")
    extra = [v for v in frames if v != "root" and v not in model.views]
    if extra:
        raise Failure("frames", step, f"frames for views not in the scene: {extra}")
    problem = model.problem()
    try:
        layout = ref.solve(problem, determine=determine)
    except ref.ReferenceError as error:
        raise Failure("reference", step, f"the reference failed: {error}")
    if layout is None:
        raise Failure("reference", step, "the installed required constraints are infeasible in the reference")
    for view in model.views:
        got = frames[view]
        for k, name in enumerate(("x", "y", "width", "height")):
            low, high = layout.ranges[view][k]
            STATS["determined" if layout.determined[view][k] else "free"] += 1
            if layout.determined[view][k] and abs(got[k] - (low + high) / 2) > tolerance:
                raise Failure("frames", step, f"{view}.{name} = {got[k]}, the reference's determined value is "
                                              f"{(low + high) / 2:.6f} (frame {got})")
            if not (low - tolerance <= got[k] <= high + tolerance):
                raise Failure("frames", step, f"{view}.{name} = {got[k]} outside the optimal range "
                                              f"[{low:.6f}, {high:.6f}]")
    for c in model.constraints:
        if c.installed and c.spec.is_required:
            measured = ref.constraint_residual(problem, c.spec, frames)
            if measured is None:    # a custom guide's frame is not sent; the face check covers it
                continue
            residual, weight = measured
            limit = weight * tolerance + 1e-6
            broken = (abs(residual) > limit if c.spec.relation == "==" else
                      residual > limit if c.spec.relation == "<=" else residual < -limit)
            if broken:
                raise Failure("required", step, f"{c.spec.id} ({c.spec.first} {c.spec.relation} "
                                                f"{c.spec.second} × {c.spec.multiplier} + {c.spec.constant}) "
                                                f"is off by {residual:.6f}")
    if not layout.admits({v: frames[v] for v in model.views}, tolerance):
        raise Failure("optimality", step, "the frames lie on no point of the reference's optimal face "
                                          f"(frames {dict((v, frames[v]) for v in model.views)})")


def run_steps(server: Server, load: dict, edits, generator=None, steps: int = 0,
              determine: bool = True):
    """Runs one sequence: the `load` message, then `edits` (a list), or `steps` edits drawn from
    `generator`. Returns the messages sent (load first). Raises `Failure`."""
    sent = [load]
    with connect(server.ws_url, subprotocols=[PROTOCOL], open_timeout=TIMEOUT, max_size=None) as socket:
        try:
            _run_session(Session(server, socket), load, edits, generator, steps, determine, sent)
        except Failure as failure:
            failure.sent = sent
            raise
    return sent


def _run_session(session, load, edits, generator, steps, determine, sent):
    """The body of `run_steps` on an open session; appends each message to `sent` as it goes."""
    server = session.server
    model = scene_model.SceneModel()
    step = 0
    pending = list(edits) if edits is not None else None
    while True:
        if step == 0:
            message = load
        elif pending is not None:
            if not pending:
                break
            message = pending.pop(0)
        else:
            if step > steps:
                break
            message = generator.edit(model)
        if message["type"] == "reload":
            # The scene as `scene` answers it, loaded back: a saved scene must come back the same.
            answer, _ = session.request({"type": "scene"}, step)
            if answer["type"] != "scene" or not isinstance(answer.get("scene"), dict):
                raise Failure("answer", step, f"scene answered {json.dumps(answer)[:300]}")
            differences = model.mismatches(answer["scene"])
            if differences:
                raise Failure("scene", step, "`scene` does not answer the current scene: " + "; ".join(differences))
            message = {"type": "load", "scene": answer["scene"]}
        if step > 0:
            sent.append(message)
        answer, conflicts = session.request(message, step)
        if message["type"] == "keyboard" and answer["type"] != "error":
            # The keyboard moves in an animation block (0.25 s by default): let it end, so the frames
            # are the model values again.
            settled, more = session.request({"type": "advance", "seconds": 1}, step)
            if settled["type"] != "ok" or more:
                raise Failure("answer", step, f"advance after the keyboard answered {settled}, {more}")
        if not alive(server):
            raise Failure("crash", step, f"the server exited after {message['type']}\n{log_tail(server)}")
        expect = model.apply(message, conflicts)
        stale = sorted(v for v in session.mentioned if v != "root" and v not in model.views)
        if stale:
            raise Failure("frames", step, f"frames mention views not in the scene: {stale}")
        # A client drops the views a `remove` took away (docs/PROTOCOL.md, "frames").
        session.frames = {v: f for v, f in session.frames.items() if v == "root" or v in model.views}
        for problem in expect.problems:
            raise Failure("conflict", step, problem)
        got_error = answer.get("code") if answer["type"] == "error" else None
        if got_error != expect.error:
            raise Failure("answer", step, f"{json.dumps(message)} answered {json.dumps(answer)}, "
                                          f"expected error {expect.error}")
        if conflicts != expect.conflicts:
            raise Failure("conflict", step, f"{json.dumps(message)}: server broke {conflicts}, "
                                            f"the reference breaks {expect.conflicts}")
        check_layout(model, session.frames, step, determine)
        STATS["steps"] += 1
        STATS["conflicts"] += len(conflicts)
        STATS["errors"] += got_error is not None
        step += 1


class Runner:
    """Runs sequences on one server, restarting it after a crash."""

    def __init__(self, binary: Path | None = None):
        self.binary = binary
        self.server = start_server(binary)

    def run(self, load, edits, **kwargs):
        """`run_steps` on this runner's server, started anew if it has exited."""
        if not alive(self.server):
            self.server = start_server(self.binary)
        try:
            return run_steps(self.server, load, edits, **kwargs)
        except (OSError, EOFError, websockets.exceptions.WebSocketException):
            # A server that just crashed may not be reaped yet when the next sequence connects.
            try:
                self.server.process.wait(1.0)
            except subprocess.TimeoutExpired:
                raise
            self.server = start_server(self.binary)
            return run_steps(self.server, load, edits, **kwargs)

    def failure_of(self, load, edits):
        """The failure kind of a fixed sequence, or None when it passes."""
        try:
            self.run(load, edits)
        except Failure as failure:
            return failure
        return None

    def stop(self):
        return self.server.stop()


def load_message(scene: dict) -> dict:
    return {"type": "load", "scene": scene}


def _without_constraints(load: dict, edits: list, ids: set):
    scene = json.loads(json.dumps(load["scene"]))
    scene["constraints"] = [c for c in scene["constraints"] if c["id"] not in ids]
    kept = [e for e in edits if e.get("constraint") not in ids and
            not (isinstance(e.get("constraint"), dict) and e["constraint"].get("id") in ids)]
    return load_message(scene), kept


def _without_view(load: dict, edits: list, view: str):
    scene = json.loads(json.dumps(load["scene"]))
    gone = {view}
    for spec in scene["views"]:
        if spec.get("parent", "root") in gone:
            gone.add(spec["id"])
    scene["views"] = [v for v in scene["views"] if v["id"] not in gone]
    scene["guides"] = [g for g in scene.get("guides", []) if g.get("owner", "root") not in gone]

    def mentions(c):
        return any(a is not None and a.split(".")[0] in gone for a in (c.get("first"), c.get("second")))
    removed = {c["id"] for c in scene["constraints"] if mentions(c)}
    scene["constraints"] = [c for c in scene["constraints"] if not mentions(c)]
    kept = []
    for e in edits:
        target = e.get("view")
        if isinstance(target, str) and target in gone:
            continue
        if isinstance(target, dict) and target.get("parent") in gone:
            continue
        if e.get("constraint") in removed:
            continue
        if isinstance(e.get("constraint"), dict) and mentions(e["constraint"]):
            continue
        kept.append(e)
    return load_message(scene), kept


def _without_guide(load: dict, edits: list, guide: dict):
    scene = json.loads(json.dumps(load["scene"]))
    name = f"{guide.get('owner', 'root')}.{guide['id']}"
    scene["guides"] = [g for g in scene["guides"] if g != guide]

    def mentions(c):
        return any(a is not None and a.rpartition(".")[0] == name for a in (c.get("first"), c.get("second")))
    removed = {c["id"] for c in scene["constraints"] if mentions(c)}
    scene["constraints"] = [c for c in scene["constraints"] if not mentions(c)]
    kept = [e for e in edits if e.get("guide") != name and e.get("constraint") not in removed
            and not (isinstance(e.get("constraint"), dict) and mentions(e["constraint"]))]
    return load_message(scene), kept


def shrink(runner: Runner, load: dict, edits: list, failure: Failure, budget: float = 120.0):
    """Greedily removes edits, constraints, views, guides and view fields, and resets constants, multipliers,
    relations and priorities to their defaults, while the sequence still fails with the same kind;
    returns (load, edits, failure)."""
    kind = failure.kind
    deadline = time.monotonic() + budget
    edits = list(edits[:failure.step]) if failure.step > 0 else []

    def still(candidate_load, candidate_edits):
        found = runner.failure_of(candidate_load, candidate_edits)
        return found if found is not None and found.kind == kind else None

    changed = True
    while changed and time.monotonic() < deadline:
        changed = False
        chunk = max(1, len(edits) // 2)
        while chunk >= 1 and time.monotonic() < deadline:
            i = 0
            while i < len(edits) and time.monotonic() < deadline:
                candidate = edits[:i] + edits[i + chunk:]
                found = still(load, candidate)
                if found:
                    edits, failure, changed = candidate, found, True
                    edits = edits[:found.step] if found.step > 0 else []
                else:
                    i += chunk
            chunk //= 2
        for c in list(load["scene"]["constraints"]):
            if time.monotonic() >= deadline:
                break
            candidate_load, candidate_edits = _without_constraints(load, edits, {c["id"]})
            found = still(candidate_load, candidate_edits)
            if found:
                load, edits, failure, changed = candidate_load, candidate_edits, found, True
        for v in [v["id"] for v in load["scene"]["views"]]:
            if time.monotonic() >= deadline or v not in [x["id"] for x in load["scene"]["views"]]:
                continue
            candidate_load, candidate_edits = _without_view(load, edits, v)
            found = still(candidate_load, candidate_edits)
            if found:
                load, edits, failure, changed = candidate_load, candidate_edits, found, True
        for guide in list(load["scene"].get("guides", [])):
            if time.monotonic() >= deadline:
                break
            candidate_load, candidate_edits = _without_guide(load, edits, guide)
            found = still(candidate_load, candidate_edits)
            if found:
                load, edits, failure, changed = candidate_load, candidate_edits, found, True
        for index, v in enumerate(load["scene"]["views"]):
            for key in ("intrinsicSize", "contentHugging", "compressionResistance", "layoutMargins"):
                if time.monotonic() >= deadline or key not in v:
                    continue
                candidate_load = json.loads(json.dumps(load))
                del candidate_load["scene"]["views"][index][key]
                found = still(candidate_load, edits)
                if found:
                    load, failure, changed = candidate_load, found, True
        for index, c in enumerate(load["scene"]["constraints"]):
            for key, plain in (("constant", 0), ("multiplier", 1), ("active", True), ("relation", "=="),
                               ("priority", 1000)):
                if time.monotonic() >= deadline or key not in c or c[key] == plain:
                    continue
                candidate_load = json.loads(json.dumps(load))
                candidate_load["scene"]["constraints"][index][key] = plain
                found = still(candidate_load, edits)
                if found:
                    load, failure, changed = candidate_load, found, True
    return load, edits, failure


def as_jsonl(load: dict, edits: list) -> str:
    """The sequence as JSON lines, ids numbered from 1: paste into Tests/socket/regressions/*.jsonl."""
    lines = [json.dumps({**m, "id": i + 1}, separators=(",", ":")) for i, m in enumerate([load] + edits)]
    return "\n".join(lines) + "\n"


def read_jsonl(path: Path):
    """(load, edits) from a regression file (ids are dropped: the runner numbers its own)."""
    messages = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    messages = [{k: v for k, v in m.items() if k != "id"} for m in messages]
    return messages[0], messages[1:]


def _signature(failure: Failure) -> tuple:
    """A failure's kind and the words of its detail with ids and numbers blanked: failures with the
    same signature are taken for the same bug and shrunk once."""
    if failure.kind == "crash":
        # The same fault reached from different messages is one bug: the fatal error and where.
        lines = [line for line in failure.detail.split("\n")[1:] if not line.startswith("***")]
        return (failure.kind, " ".join(lines[:4]))
    words = re.sub(r"-?\b[vk]?\d[\d.e+-]*\b", "#", failure.detail.split("\n")[0]).split()
    return (failure.kind, " ".join(words[:6]))


def run_many(runner: Runner, seed: int, sequences: int, steps: int, shrink_budget: float = 120.0,
             log=print):
    """Runs `sequences` generated sequences from `seed` (sequence i uses seed·1000003 + i); returns the
    distinct failures as a list of (failure, load, edits, seed of the sequence)."""
    failures = {}
    started = time.monotonic()
    for i in range(sequences):
        if i and i % 50 == 0:
            log(f"{i} sequences in {time.monotonic() - started:.0f} s, {len(failures)} distinct failures; {STATS}")
        sequence_seed = seed * 1000003 + i
        generator = scene_generator.Generator(sequence_seed)
        load = load_message(generator.scene())
        try:
            runner.run(load, None, generator=generator, steps=steps)
        except Failure as failure:
            sent = failure.sent
            signature = _signature(failure)
            log(f"sequence seed {sequence_seed}: {failure}")
            if signature in failures:
                continue
            small_load, small_edits, small = shrink(runner, sent[0], sent[1:], failure, shrink_budget)
            log(f"shrunk to {len(small_load['scene']['views'])} views, "
                f"{len(small_load['scene']['constraints'])} constraints, {len(small_edits)} edits: {small}")
            log(as_jsonl(small_load, small_edits))
            failures.setdefault(signature, (small, small_load, small_edits, sequence_seed))
    return list(failures.values())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=int(os.environ.get("SCENE_SEQUENCES", "20")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SCENE_SEED", "1")))
    parser.add_argument("--steps", type=int, default=int(os.environ.get("SCENE_STEPS", "25")))
    parser.add_argument("--binary", type=Path, default=None, help=f"default: {BINARY}")
    parser.add_argument("--shrink-seconds", type=float, default=120.0)
    args = parser.parse_args(argv)
    runner = Runner(args.binary)
    started = time.monotonic()
    try:
        failures = run_many(runner, args.seed, args.sequences, args.steps, args.shrink_seconds)
    finally:
        runner.stop()
    print(f"{args.sequences} sequences of {args.steps} edits from seed {args.seed}: "
          f"{len(failures)} distinct failures in {time.monotonic() - started:.1f} s; checked {STATS}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
