"""Fails when code a client's message can reach could trap: a force unwrap (`x!`, `try!`, `as!`) or a
`fatalError`, `precondition`, `preconditionFailure`, `assert` or `assertionFailure` in the modules that
handle input (Cassowary, AutoLayout, Playground). Comments and string literals are skipped.

`unsafelyUnwrapped` is allowed only where a check or the data structure's own invariant has already
established the value (IntMap's storage, lazy-row evaluation over rows known to exist); each such file is
listed in ALLOWED_UNSAFE with the reason, and a new use elsewhere fails.

    python3 Tests/lint/no_traps.py      # exit 0 when clean, else one line per finding and exit 1
"""
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODULES = ["Sources/Cassowary", "Sources/AutoLayout", "Sources/TextShaping", "Sources/Playground"]
ALLOWED_UNSAFE = {
    "Sources/Cassowary/IntMap.swift": "storage exists whenever the count is non-zero (checked by every caller)",
    "Sources/Cassowary/LazyEvaluation.swift": "evaluation reads rows it selected because they exist",
}
TRAPS = [
    (re.compile(r"(?<![\w.])try!"), "try!"),
    (re.compile(r"\bas!"), "as!"),
    (re.compile(r"[\w\)\]]!(?![=])"), "force unwrap"),
    (re.compile(r"\b(fatalError|precondition|preconditionFailure|assert|assertionFailure)\s*\("), "trap call"),
    (re.compile(r"\bunsafelyUnwrapped\b"), "unsafelyUnwrapped"),
]


def code_only(text):
    """The source with comments and string literal contents blanked, line structure kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (j - i - 1) + '"')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def findings():
    for module in MODULES:
        for path in sorted((REPO / module).rglob("*.swift")):
            relative = str(path.relative_to(REPO))
            for number, line in enumerate(code_only(path.read_text()).splitlines(), 1):
                for pattern, what in TRAPS:
                    if not pattern.search(line):
                        continue
                    if what == "unsafelyUnwrapped" and relative in ALLOWED_UNSAFE:
                        continue
                    # `!` of `!=` and of a prefix negation do not match the pattern; `x!` does.
                    yield f"{relative}:{number}: {what}: {line.strip()}"


if __name__ == "__main__":
    found = list(findings())
    for line in found:
        print(line)
    print(f"no-traps: {len(found)} finding(s) in {', '.join(MODULES)}")
    sys.exit(1 if found else 0)
