#!/usr/bin/env python3
"""The solver-bench scenarios on Kiwi (`kiwisolver` from PyPI), with the same output.

    python3 Benchmarks/kiwi_reference.py                  every scenario, as a table
    python3 Benchmarks/kiwi_reference.py --json           one JSON object per line
    python3 Benchmarks/kiwi_reference.py rows 1000        one case
    python3 Benchmarks/kiwi_reference.py --compare        run ours (solver-bench) and Kiwi on the same cases
                                                          and print our time / Kiwi's time per row
                                                          (SOLVER_BENCH=path/to/solver-bench to use a given build)

Scenarios, operations and checks are those of Benchmarks/solver-bench (see docs/PERFORMANCE.md). Kiwi
is driven from Python, so each call also pays the binding's overhead (about 0.1-0.3 µs); that matters
only for the enaml loop. Kiwi's remove + add is quadratic on the larger layouts, so a phase stops
repeating once it has used its time budget (--budget seconds, default 3); a single operation is always
measured whole.
"""
import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import time

import kiwisolver as kiwi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KINDS = ["rows", "coupled", "chain"]
FIELDS = ["build_us", "smooth_resize_us", "crossing_resize_us", "change_remove_add_us_height",
          "change_in_place_us_height", "change_remove_add_us_gap", "change_in_place_us_gap",
          "bytes_per_constraint"]


class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


_libc = ctypes.CDLL(None)
_mallinfo2 = getattr(_libc, "mallinfo2", None)
if _mallinfo2 is not None:
    _mallinfo2.restype = MallInfo2


def heap_in_use():
    """Bytes allocated through malloc (C++ objects of Kiwi included), as solver-bench measures it."""
    if _mallinfo2 is None:
        return 0
    m = _mallinfo2()
    return m.uordblks + m.hblkhd


# ---------------------------------------------------------------------------------------------------
# enaml


def enaml_constraints():
    strengths = {"required": kiwi.strength.required, "strong": kiwi.strength.strong,
                 "medium": kiwi.strength.medium, "weak": kiwi.strength.weak,
                 "mmedium": kiwi.strength.create(0, 1, 0, 1.25), "smedium": kiwi.strength.create(0, 100, 0)}
    variables = {}

    def var(name):
        if name not in variables:
            variables[name] = kiwi.Variable(name)
        return variables[name]

    constraints = []
    with open(os.path.join(HERE, "enaml_constraints.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            text, strength = (part.strip() for part in line.split("|"))
            tokens = text.split()
            relation, body = tokens[-2], tokens[:-2]
            expr, sign, i = 0, 1, 0
            while i < len(body):
                t = body[i]
                if t == "+":
                    i += 1
                    continue
                if t == "-":
                    sign = -sign
                    i += 1
                    continue
                if i + 2 < len(body) and body[i + 1] == "*":
                    expr = expr + sign * float(t) * var(body[i + 2])
                    i += 3
                else:
                    try:
                        expr = expr + sign * float(t)
                    except ValueError:
                        expr = expr + sign * var(t)
                    i += 1
                sign = 1
            c = {"==": expr == 0, ">=": expr >= 0, "<=": expr <= 0}[relation]
            constraints.append(c | strengths[strength])
    return variables, constraints


ENAML_SIZES = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]


def verify_enaml(v, w, h):
    want = {"contents_right": w - 10, "contents_bottom": h - 10, "ctwidth": w - 97, "fl3width": w - 20,
            "lb1top": 12.5, "lb2top": 43.5, "lb3top": 76, "midline": 87, "width": w, "height": h}
    for name, value in want.items():
        if abs(v[name].value() - value) > 1e-6:
            raise SystemExit(f"kiwi enaml {w}x{h}: {name} = {v[name].value()}, expected {value}")


def run_enaml(budget):
    builds = []
    for _ in range(20):
        t0 = time.perf_counter()
        variables, constraints = enaml_constraints()
        solver = kiwi.Solver()
        solver.addEditVariable(variables["width"], "strong")
        solver.addEditVariable(variables["height"], "strong")
        for c in constraints:
            solver.addConstraint(c)
        solver.updateVariables()
        builds.append((time.perf_counter() - t0) * 1e6)
    width, height = variables["width"], variables["height"]
    for w, h in ENAML_SIZES:
        solver.suggestValue(width, w)
        solver.suggestValue(height, h)
        solver.updateVariables()
        verify_enaml(variables, w, h)
    samples = []
    for _ in range(15):
        t0 = time.perf_counter()
        for _ in range(2000):
            for w, h in ENAML_SIZES:
                solver.suggestValue(width, w)
                solver.suggestValue(height, h)
                solver.updateVariables()
        samples.append((time.perf_counter() - t0) * 1e6 / 12000)
    return {"scenario": "enaml", "N": len(constraints), "constraints": len(constraints) + 2,
            "build_us": statistics.median(builds), "cycle_us": statistics.median(samples)}


# ---------------------------------------------------------------------------------------------------
# Box layouts (same definitions as Benchmarks/solver-bench/Layouts.swift)


class BoxLayout:
    def __init__(self, kind, n):
        self.kind, self.n = kind, n
        self.solver = kiwi.Solver()
        self.W = kiwi.Variable("W")
        self.boxes = [tuple(kiwi.Variable(f"{a}{i}") for a in "ltwh") for i in range(n)]
        self.width = 800.0
        self.heights = [20.0] * n
        self.gaps = [8.0] * n
        self.height_constraints = []
        self.gap_constraints = [None] * n
        self.count = 0
        self.height_box = n // 2 if kind == "chain" else (n // 20) * 10
        self.gap_box = n // 2 if kind == "chain" else (n // 20) * 10 + 5

    def add(self, c):
        self.solver.addConstraint(c)
        self.count += 1

    def gap_constraint(self, i, gap):
        l, t, w, h = self.boxes[i]
        pl, pt, pw, ph = self.boxes[i - 1]
        return t == pt + ph + gap if self.kind == "chain" else l == pl + pw + gap

    def add_gap(self, i):
        c = self.gap_constraint(i, 8)
        self.gap_constraints[i] = c
        self.add(c)

    def build(self):
        s, W = self.solver, self.W
        s.addEditVariable(W, "strong")
        s.suggestValue(W, self.width)
        self.count = 1
        for i in range(self.n):
            l, t, w, h = self.boxes[i]
            self.add(w >= 10)
            hc = h == 20
            self.height_constraints.append(hc)
            self.add(hc)
            if self.kind == "chain":
                self.add(l == 8)
                self.add(w == W - 16)
                if i == 0:
                    self.add(t == 8)
                else:
                    self.add_gap(i)
                continue
            r, k = divmod(i, 10)
            if self.kind == "rows" or r == 0:
                self.add(t == 8 + 28 * r)
            else:
                ul, ut, uw, uh = self.boxes[i - 10]
                self.add(t == ut + uh + 8)
            if k == 0:
                self.add(l == 8)
            else:
                self.add_gap(i)
                pw = self.boxes[i - 1][2]
                self.add((w == pw) | ("required" if self.kind == "rows" else "medium"))
            if k == 9:
                self.add(l + w == W - 8)
            self.add((w == 50) | "weak")
        s.updateVariables()

    def expected(self):
        n, out = self.n, [None] * self.n
        if self.kind == "chain":
            for i in range(n):
                t = 8 if i == 0 else out[i - 1][1] + out[i - 1][3] + self.gaps[i]
                out[i] = (8, t, self.width - 16, self.heights[i])
            return out
        for start in range(0, n, 10):
            end = min(start + 10, n)
            w = (self.width - 16 - sum(self.gaps[start + 1:end])) / 10 if end - start == 10 else 50
            l = 8.0
            for i in range(start, end):
                if i > start:
                    l += w + self.gaps[i]
                r = i // 10
                t = 8 + 28 * r if self.kind == "rows" or r == 0 else out[i - 10][1] + out[i - 10][3] + 8
                out[i] = (l, t, w, self.heights[i])
        return out

    def verify(self, what):
        self.solver.updateVariables()
        for i, want in enumerate(self.expected()):
            got = tuple(v.value() for v in self.boxes[i])
            if any(abs(a - b) > 1e-6 for a, b in zip(got, want)):
                raise SystemExit(f"kiwi {self.kind} N={self.n} {what}: box {i} is {got}, expected {want}")

    def resize(self, w):
        self.width = w
        self.solver.suggestValue(self.W, w)

    def height_in_place(self, value):
        raise NotImplementedError  # Kiwi has no in-place constant change

    def height_remove_add(self, value):
        i = self.height_box
        self.heights[i] = value
        self.solver.removeConstraint(self.height_constraints[i])
        c = self.boxes[i][3] == value
        self.height_constraints[i] = c
        self.solver.addConstraint(c)

    def gap_remove_add(self, value):
        i = self.gap_box
        self.gaps[i] = value
        self.solver.removeConstraint(self.gap_constraints[i])
        c = self.gap_constraint(i, value)
        self.gap_constraints[i] = c
        self.solver.addConstraint(c)


def smooth_width(k):
    return 800 + 10 * (k % 40)


CROSSING = [400, 600, 800, 1200, 300, 1000]


def per_operation(repeats, ops, op, budget, counter=[0]):
    """Median time per operation over repeated runs; stops early once `budget` seconds are spent."""
    samples, spent = [], 0.0
    for _ in range(repeats):
        t0 = time.perf_counter()
        done = 0
        for _ in range(ops):
            counter[0] += 1
            op(counter[0])
            done += 1
            if time.perf_counter() - t0 > budget:
                break
        dt = time.perf_counter() - t0
        samples.append(dt * 1e6 / done)
        spent += dt
        if spent > budget:
            break
    return statistics.median(samples)


def run_layout(kind, n, budget):
    builds, layout, nbytes = [], None, 0
    repeats = 7 if n <= 1000 else 3
    fresh = None
    for _ in range(repeats):
        layout = fresh = None
        before = heap_in_use()
        t0 = time.perf_counter()
        fresh = BoxLayout(kind, n)
        fresh.build()
        builds.append((time.perf_counter() - t0) * 1e6)
        nbytes = heap_in_use() - before
        layout = fresh
        layout.verify("after building")
        if sum(builds) / 1e6 > budget:
            break

    def phase(name, ops, probe, op, repeats=5):
        probe()
        layout.verify(name)
        t = per_operation(repeats, ops, op, budget)
        layout.verify("after " + name)
        return t

    smooth = phase("smooth resize", 40, lambda: layout.resize(smooth_width(7)),
                   lambda k: layout.resize(smooth_width(k)))
    crossing = phase("crossing resize", 6, lambda: layout.resize(CROSSING[4]),
                     lambda k: layout.resize(CROSSING[k % 6]))
    layout.resize(800)
    height = phase("height by remove + add", 14, lambda: layout.height_remove_add(25),
                   lambda k: layout.height_remove_add(20 + k % 7), repeats=3)
    layout.height_remove_add(20)
    gap = phase("gap by remove + add", 14, lambda: layout.gap_remove_add(10),
                lambda k: layout.gap_remove_add(8 + k % 5), repeats=3)
    layout.gap_remove_add(8)
    layout.verify("restored")
    return {"scenario": kind, "N": n, "constraints": layout.count, "build_us": statistics.median(builds),
            "smooth_resize_us": smooth, "crossing_resize_us": crossing,
            "change_remove_add_us_height": height, "change_in_place_us_height": None,
            "change_remove_add_us_gap": gap, "change_in_place_us_gap": None,
            "bytes_per_constraint": nbytes / layout.count}


# ---------------------------------------------------------------------------------------------------
# Output

TITLES = ["build ms", "smooth µs", "cross µs", "h rm+add", "h inplace", "gap rm+add", "gap inpl.", "B/constr"]


def fmt(key, v):
    if v is None:
        return "-"
    if key == "build_us":
        return f"{v / 1000:.2f}"
    if key == "bytes_per_constraint":
        return f"{v:.0f}"
    return f"{v:.2f}"


def header():
    return f"{'scenario':>8}{'N':>7}{'constr':>8}" + "".join(f"{t:>11}" for t in TITLES)


def row(r):
    line = f"{r['scenario']:>8}{r['N']:>7}{int(r['constraints']):>8}"
    if r["scenario"] == "enaml":
        return line + f"  build {r['build_us']:.1f} µs, cycle (2 × suggestValue + updateVariables) {r['cycle_us']:.3f} µs"
    return line + "".join(f"{fmt(k, r.get(k)):>11}" for k in FIELDS)


def cases_from(args, sizes):
    if not args.scenario:
        return [("enaml", 0)] + [(k, n) for k in KINDS for n in sizes]
    if args.scenario == "enaml":
        return [("enaml", 0)]
    if args.n:
        return [(args.scenario, args.n)]
    return [(args.scenario, n) for n in sizes]


def run_case(name, n, budget):
    return run_enaml(budget) if name == "enaml" else run_layout(name, n, budget)


def ours(name, n):
    # SOLVER_BENCH names a solver-bench binary (e.g. from another --scratch-path); else the package's
    # release build, brought up to date first.
    exe = os.environ.get("SOLVER_BENCH")
    if not exe:
        exe = os.path.join(ROOT, ".build", "release", "solver-bench")
        subprocess.run(["swift", "build", "-c", "release", "--product", "solver-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    cmd = [exe, "--json", name] + ([str(n)] if name != "enaml" else [])
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def compare(cases, budget, as_json):
    """Ours and Kiwi's on each case, and our time / Kiwi's (in-place changes against Kiwi's remove + add)."""
    if not as_json:
        print(f"{'scenario':>8}{'N':>7}  {'measure':<38}{'ours':>14}{'Kiwi':>14}{'ours/Kiwi':>12}")
    for name, n in cases:
        a = ours(name, n)
        b = run_case(name, n, budget)
        keys = ["build_us", "cycle_us"] if name == "enaml" else FIELDS
        rows = []
        for k in keys:
            kiwi_key = k.replace("in_place", "remove_add")
            ka, kb = a.get(k), b.get(kiwi_key)
            ratio = ka / kb if ka is not None and kb else None
            rows.append((k, ka, kb, ratio))
        if as_json:
            print(json.dumps({"scenario": name, "N": a["N"],
                              **{f"{k}_ours": x for k, x, _, _ in rows},
                              **{f"{k}_kiwi": y for k, _, y, _ in rows},
                              **{f"{k}_ratio": r for k, _, _, r in rows}}), flush=True)
            continue
        for k, x, y, r in rows:
            label = k if "in_place" not in k else k + " (vs rm+add)"
            xs = "-" if x is None else f"{x:.3f}"
            ys = "-" if y is None else f"{y:.3f}"
            rs = "-" if r is None else f"{r:.4f}"
            print(f"{name:>8}{a['N']:>7}  {label:<38}{xs:>14}{ys:>14}{rs:>12}", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", nargs="?", choices=["enaml"] + KINDS)
    p.add_argument("n", nargs="?", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--compare", action="store_true")
    p.add_argument("--sizes", default="100,1000,2000,4000,5000",
                   help="comma-separated N for the box scenarios (default %(default)s)")
    p.add_argument("--budget", type=float, default=3.0, help="seconds per timed phase before it stops repeating")
    args = p.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    cases = cases_from(args, sizes)
    if args.compare:
        compare(cases, args.budget, args.json)
        return
    if not args.json:
        print(header(), flush=True)
    for name, n in cases:
        r = run_case(name, n, args.budget)
        print(json.dumps(r) if args.json else row(r), flush=True)


if __name__ == "__main__":
    main()
