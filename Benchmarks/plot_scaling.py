#!/usr/bin/env python3
"""Log-log plot of build and smooth-resize time against N, ours and Kiwi's, from JSON lines.

    swift run -c release solver-bench --json > /tmp/ours.jsonl
    python3 Benchmarks/kiwi_reference.py --json --sizes 100,1000,2000,4000 > /tmp/kiwi.jsonl
    python3 Benchmarks/plot_scaling.py /tmp/ours.jsonl /tmp/kiwi.jsonl -o docs/solver-scaling.png
"""
import argparse
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

KINDS = ["rows", "coupled", "chain"]
COLORS = {"rows": "tab:blue", "coupled": "tab:orange", "chain": "tab:green"}


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def series(records, kind, key):
    pts = sorted((r["N"], r[key]) for r in records if r["scenario"] == kind and r.get(key) is not None)
    return [p[0] for p in pts], [p[1] for p in pts]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("ours")
    p.add_argument("kiwi", nargs="?")
    p.add_argument("-o", "--output", default="docs/solver-scaling.png")
    args = p.parse_args()
    ours = load(args.ours)
    kiwi = load(args.kiwi) if args.kiwi else []
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, key, title in [(axes[0], "build_us", "build (all constraints + first update)"),
                           (axes[1], "smooth_resize_us", "smooth resize (one suggestValue)")]:
        for kind in KINDS:
            x, y = series(ours, kind, key)
            if x:
                ax.loglog(x, [v / 1000 for v in y], "o-", color=COLORS[kind], label=f"ours {kind}")
            x, y = series(kiwi, kind, key)
            if x:
                ax.loglog(x, [v / 1000 for v in y], "s--", color=COLORS[kind], alpha=0.6, label=f"Kiwi {kind}")
        # Reference slopes through the first point of ours/rows.
        x, y = series(ours, "rows", key)
        if x:
            x0, y0 = x[0], y[0] / 1000
            xs = [x0, x[-1]]
            ax.loglog(xs, [y0, y0 * xs[1] / x0], ":", color="gray", label="slope 1 (linear)")
            ax.loglog(xs, [y0, y0 * (xs[1] / x0) ** 2], ":", color="black", label="slope 2 (quadratic)")
        ax.set_xlabel("N (boxes)")
        ax.set_ylabel("ms")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
    axes[1].legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)
    print("wrote", args.output)


if __name__ == "__main__":
    main()
