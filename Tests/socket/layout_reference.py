"""An independent reference for Auto Layout scenes: the lexicographic LP solved with scipy's HiGHS.

It reads the scene document of docs/PROTOCOL.md (root device, views, constraints) and builds the linear
program itself from UIKit's documented semantics, sharing nothing with the Swift engine:

- **Variables.** Each view but the root has four unknowns, its `frame` `[x, y, width, height]` in its
  superview's bounds space (points), with `width >= 0` and `height >= 0` required ("Sizes are never
  negative" in docs/PROTOCOL.md). The root's frame is `[0, 0, W, H]`, fixed by the device.
- **Attributes.** An attribute of an item is measured in the bounds space of the nearest common
  ancestor C of the constraint's two items, whose own edges are 0…width and 0…height: an item's origin
  in C is the sum of the frame origins on the way up to C. `left`/`leading` = x, `right`/`trailing` =
  x + width, `centerX` = x + width/2 (the same vertically; `firstBaseline` and `lastBaseline` are the
  bottom of these text-less views). `width`/`height` are sizes, in no space.
- **Guides.** A custom guide (`guides`, `OWNER.ID`) has four unknowns of its own, its frame in its
  owner's bounds space, which only constraints decide. The built-in guides are fixed offsets, so they
  are affine expressions, not unknowns. In its owner's bounds space: the root's safe area guide is
  `[l, t, W − l − r, H − t − b]` for the insets `[t, l, b, r]`; a view's layout margins guide is
  `[ml, mt, w − ml − mr, h − mt − mb]` for its margins (default 8 on every side); the root's margins
  (default `[0, 16, 0, 16]`) sit inside its safe area, each inset added; the keyboard layout guide is
  `[0, H − k, W, k]` with k = the larger of the shown keyboard's height (0 while hidden) and the
  bottom safe area inset (`usesBottomSafeArea`). The margin attributes (`leftMargin`, …,
  `centerYWithinMargins`) are the plain attribute of the item's margins guide.
- **Constraints** are `first − multiplier × second − constant` compared with 0 by the relation.
  Priority 1000 is required: a hard row. An optional equality contributes |error| to its priority's
  level, an optional inequality its violation (a slack ≥ 0); every error has weight 1 within its level
  (the engine gives every constraint the weight 1, `Strength(priority)` with its default weight).
- **Intrinsic size** per axis with a metric m: `size <= m` at the content hugging priority and
  `size >= m` at the compression resistance priority (Apple, "Auto Layout Guide: Views with Intrinsic
  Content Size"). Defaults: hugging 250, compression resistance 750, no metric (−1).
- **Drags** (`drag` between `begin` and `end`) are optional equalities `x == px`, `y == py` at priority
  800, the edit variables the protocol describes.
- **Lexicographic priorities.** Required rows hard; then for each optional priority from the highest
  down, minimise the sum of that level's errors with every higher level held at its optimum (within a
  small tolerance). The optimal face is what is left; for each frame variable its minimum and maximum
  over the face tell whether it is *determined* (min = max).

Facts the protocol document leaves unsaid, read from the engine (`Sources/AutoLayout`):

- Distinct priorities are distinct levels (999 and 999.5 too); ties within a level are summed.
- A variable no constraint decides is left wherever the solver's basis puts it (0 for a view that no
  constraint mentions), so only determined frame values are compared for equality; an undetermined one must
  still lie on the optimal face, which `Layout.admits` checks for the whole frame vector at once.
- A required constraint that conflicts is broken (left out) rather than refused; which one breaks is
  the session's business (see `scene_model.py`), so the reference takes the installed set as given.
- A dropped drag holds a free coordinate with a stay below every real priority; it never changes
  which values are determined, so the reference leaves it out.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog

REQUIRED = 1000.0
DRAG_PRIORITY = 800.0
# A level's optimum is held within this relative tolerance while lower levels are optimised. The hold
# fattens the face by about the tolerance times the optimum, so it is kept small; should HiGHS (primal
# feasibility tolerance 1e-7) then find the next LP infeasible, the hold is relaxed tenfold and retried.
LEVEL_TOLERANCE = 1e-9
# A frame variable whose range over the optimal face is narrower than this (points) is determined:
# far above the fattening above, far below a pixel (1/3 pt at most).
DETERMINED_WIDTH = 1e-3

LOCATION = {"left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY",
            "firstBaseline", "lastBaseline"}
DIMENSION = {"width", "height"}
MARGIN_BASE = {"leftMargin": "left", "rightMargin": "right", "topMargin": "top",
               "bottomMargin": "bottom", "leadingMargin": "leading", "trailingMargin": "trailing",
               "centerXWithinMargins": "centerX", "centerYWithinMargins": "centerY"}
HORIZONTAL = {"left", "right", "leading", "trailing", "centerX", "width"}
# Where along its axis an attribute sits: origin + factor × size.
SIZE_FACTOR = {"left": 0.0, "leading": 0.0, "top": 0.0, "right": 1.0, "trailing": 1.0, "bottom": 1.0,
               "firstBaseline": 1.0, "lastBaseline": 1.0, "centerX": 0.5, "centerY": 0.5}


class ReferenceError(ValueError):
    """A scene the reference cannot model (an unknown item or attribute, a bad pairing)."""


@dataclass
class Device:
    """The root: size `[W, H]` (points), safe area `[top, left, bottom, right]`, pixels per point, the
    root's own layout margins.

    `keyboard_height` is the shown keyboard's height (0 while hidden). `margins_safe_area` (the insets
    the root's margins guide sits inside) and `keyboard_inset` (the keyboard guide's height) follow
    `safe_area` and `keyboard_height` when None; a caller that replays the engine's one-edge-at-a-time
    updates sets them to the values not yet moved.
    """
    size: tuple = (375.0, 667.0)
    safe_area: tuple = (0.0, 0.0, 0.0, 0.0)
    scale: float = 2.0
    layout_margins: tuple = (0.0, 16.0, 0.0, 16.0)
    margins_safe_area: tuple | None = None
    keyboard_inset: float | None = None
    keyboard_height: float = 0.0


@dataclass
class ViewSpec:
    """A view: parent id, intrinsic size `[w, h]` (−1 = none), priorities `[horizontal, vertical]`,
    layout margins `[top, left, bottom, right]`."""
    parent: str = "root"
    intrinsic: tuple = (-1.0, -1.0)
    hugging: tuple = (250.0, 250.0)
    compression: tuple = (750.0, 750.0)
    margins: tuple = (8.0, 8.0, 8.0, 8.0)


@dataclass
class ConstraintSpec:
    """`first relation second × multiplier + constant @priority` (second None: a size = constant)."""
    id: str
    first: str
    relation: str = "=="
    second: str | None = None
    multiplier: float = 1.0
    constant: float = 0.0
    priority: float = REQUIRED

    @property
    def is_required(self) -> bool:
        return self.priority >= REQUIRED


@dataclass
class Problem:
    """A scene ready to solve: the device, the views (parents before children), the constraints to
    enforce (already filtered to the active, unbroken ones), the drags `{view: (x, y)}` and the custom
    guides `{"owner.id": owner}`."""
    device: Device
    views: dict            # id -> ViewSpec, in tree order
    constraints: list      # ConstraintSpec
    drags: dict = field(default_factory=dict)
    guides: dict = field(default_factory=dict)


def split_anchor(anchor: str) -> tuple[str, str]:
    """`"a.margins.left"` → (`"a.margins"`, `"left"`): the attribute follows the last dot."""
    item, dot, attribute = anchor.rpartition(".")
    if not dot or not item:
        raise ReferenceError(f"not item.attribute: {anchor!r}")
    return item, attribute


class _Linear:
    """Builds affine expressions over the frame variables: `(coefficients, constant)`."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self.index = {}
        for item in list(problem.views) + list(problem.guides):
            self.index[item] = 4 * len(self.index)
        self.count = 4 * len(self.index)

    def var(self, view: str, component: int) -> int:
        """Column of a view's frame component (0 x, 1 y, 2 width, 3 height)."""
        return self.index[view] + component

    def chain(self, view: str) -> list[str]:
        """`view`, its superview, …, `root`."""
        chain = [view]
        while view != "root":
            view = self.problem.views[view].parent
            chain.append(view)
        return chain

    def size(self, view: str, horizontal: bool):
        """A view's width or height as (terms, constant)."""
        if view == "root":
            return {}, float(self.problem.device.size[0 if horizontal else 1])
        return {self.var(view, 2 if horizontal else 3): 1.0}, 0.0

    def origin_in(self, view: str, container: str, horizontal: bool):
        """A view's origin in `container`'s bounds space: the frame origins on the way up."""
        terms = {}
        while view != container:
            terms[self.var(view, 0 if horizontal else 1)] = 1.0
            view = self.problem.views[view].parent
        return terms, 0.0

    def guide_frame(self, owner: str, name: str, horizontal: bool):
        """(origin terms, origin constant, size terms, size constant) of a guide in its owner's space."""
        device = self.problem.device
        top, left, bottom, right = (float(v) for v in device.safe_area)
        width, height = (float(v) for v in device.size)
        if name == "safeArea" and owner == "root":
            if horizontal:
                return {}, left, {}, width - left - right
            return {}, top, {}, height - top - bottom
        if name == "keyboard" and owner == "root":
            keyboard = max(float(device.keyboard_height), bottom) if device.keyboard_inset is None \
                else float(device.keyboard_inset)
            if horizontal:
                return {}, 0.0, {}, width
            return {}, height - keyboard, {}, keyboard
        if name == "margins":
            margins = device.layout_margins if owner == "root" else self.problem.views[owner].margins
            mt, ml, mb, mr = (float(v) for v in margins)
            if owner == "root":
                st, sl, sb, sr = (float(v) for v in (device.margins_safe_area or device.safe_area))
                mt, ml, mb, mr = mt + st, ml + sl, mb + sb, mr + sr
            size_terms, size_constant = self.size(owner, horizontal)
            if horizontal:
                return {}, ml, size_terms, size_constant - ml - mr
            return {}, mt, size_terms, size_constant - mt - mb
        if f"{owner}.{name}" in self.problem.guides:
            column = self.index[f"{owner}.{name}"]
            axis = 0 if horizontal else 1
            return {column + axis: 1.0}, 0.0, {column + 2 + axis: 1.0}, 0.0
        raise ReferenceError(f"unknown guide {owner}.{name}")

    def resolve(self, item: str, attribute: str) -> tuple[str, str | None, str]:
        """(owner view, guide name or None, plain attribute)."""
        parts = item.split(".")
        if parts[0] != "root" and parts[0] not in self.problem.views:
            raise ReferenceError(f"unknown item {item!r}")
        if len(parts) > 2:
            raise ReferenceError(f"unknown item {item!r}")
        guide = parts[1] if len(parts) == 2 else None
        if attribute in MARGIN_BASE:
            if guide is not None:
                raise ReferenceError(f"{item} is a guide: it has no margins")
            return parts[0], "margins", MARGIN_BASE[attribute]
        if attribute not in LOCATION and attribute not in DIMENSION:
            raise ReferenceError(f"unknown attribute {attribute!r}")
        return parts[0], guide, attribute

    def measure(self, owner: str, guide: str | None, attribute: str, container: str):
        """The attribute as (terms, constant) in `container`'s bounds space."""
        horizontal = attribute in HORIZONTAL
        if guide is None:
            size_terms, size_constant = self.size(owner, horizontal)
            if attribute in DIMENSION:
                return size_terms, size_constant
            origin_terms, origin_constant = ({}, 0.0) if owner == container else \
                self.origin_in(owner, container, horizontal)
        else:
            owner_terms, owner_constant = ({}, 0.0) if owner == container else \
                self.origin_in(owner, container, horizontal)
            g_origin, g_origin_c, size_terms, size_constant = self.guide_frame(owner, guide, horizontal)
            if attribute in DIMENSION:
                return size_terms, size_constant
            origin_terms = _add(owner_terms, g_origin)
            origin_constant = owner_constant + g_origin_c
        factor = SIZE_FACTOR[attribute]
        return _add(origin_terms, size_terms, factor), origin_constant + factor * size_constant

    def expression(self, c: ConstraintSpec):
        """`first − multiplier × second − constant` as (terms, constant)."""
        first_item, first_attr = split_anchor(c.first)
        first = self.resolve(first_item, first_attr)
        if c.second is None:
            if first[2] not in DIMENSION:
                raise ReferenceError(f"{c.id}: a location cannot equal a constant")
            terms, constant = self.measure(*first, container=first[0])
            return terms, constant - c.constant
        second_item, second_attr = split_anchor(c.second)
        second = self.resolve(second_item, second_attr)
        if (first[2] in DIMENSION) != (second[2] in DIMENSION):
            raise ReferenceError(f"{c.id}: a size and a location cannot be related")
        first_chain = self.chain(first[0])
        second_chain = set(self.chain(second[0]))
        container = next(v for v in first_chain if v in second_chain)
        t1, k1 = self.measure(*first, container=container)
        t2, k2 = self.measure(*second, container=container)
        return _add(t1, t2, -c.multiplier), k1 - c.multiplier * k2 - c.constant


def _add(a: dict, b: dict, factor: float = 1.0) -> dict:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0.0) + factor * value
    return out


@dataclass
class Layout:
    """The reference's answer for a feasible problem.

    `frames[view]` is a point of the optimal face (`[x, y, w, h]`, points); `ranges[view]` the
    `(min, max)` of each component over the face; `determined[view]` four booleans.
    """
    frames: dict
    ranges: dict
    determined: dict
    _lp: "_LexicographicLP"

    def admits(self, frames: dict, tolerance: float) -> bool:
        """True when some point of the optimal face has every view's frame within `tolerance` (points)
        of `frames[view]` (the whole vector at once, not each value alone)."""
        return self._lp.face_contains(frames, tolerance)


class _LexicographicLP:
    """The rows of a problem and the levels fixed so far."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self.linear = _Linear(problem)
        n = self.linear.count
        eq_rows, eq_rhs, ub_rows, ub_rhs = [], [], [], []
        optional = []   # (priority, terms, constant, relation)
        for c in problem.constraints:
            terms, constant = self.linear.expression(c)
            if c.is_required:
                _append_row(terms, constant, c.relation, eq_rows, eq_rhs, ub_rows, ub_rhs)
            else:
                optional.append((float(c.priority), terms, constant, c.relation))
        for view, spec in problem.views.items():
            for axis in (0, 1):
                _append_row({self.linear.var(view, 2 + axis): 1.0}, 0.0, ">=", eq_rows, eq_rhs, ub_rows, ub_rhs)
                metric = float(spec.intrinsic[axis])
                if metric < 0:
                    continue
                terms = {self.linear.var(view, 2 + axis): 1.0}
                optional.append((float(spec.hugging[axis]), terms, -metric, "<="))
                optional.append((float(spec.compression[axis]), terms, -metric, ">="))
        for view, (x, y) in problem.drags.items():
            if view in problem.views:
                optional.append((DRAG_PRIORITY, {self.linear.var(view, 0): 1.0}, -float(x), "=="))
                optional.append((DRAG_PRIORITY, {self.linear.var(view, 1): 1.0}, -float(y), "=="))
        # Optional rows with priority ≥ 1000 (an intrinsic size at 1000) are hard rows.
        levels = {}
        errors = 0
        optional_rows = []
        for priority, terms, constant, relation in optional:
            if priority >= REQUIRED:
                _append_row(terms, constant, relation, eq_rows, eq_rhs, ub_rows, ub_rhs)
                continue
            columns = [n + errors] if relation != "==" else [n + errors, n + errors + 1]
            errors += len(columns)
            levels.setdefault(priority, []).extend(columns)
            optional_rows.append((terms, constant, relation, columns))
        # One spare column fixed at 0, so that a scene without views still makes a well-formed LP.
        self.width = n + errors + 1
        self.eq = [np.zeros(self.width) for _ in eq_rows]
        for row, terms in zip(self.eq, eq_rows):
            _fill(row, terms)
        self.eq_rhs = list(eq_rhs)
        self.ub = []
        for terms in ub_rows:
            row = np.zeros(self.width)
            _fill(row, terms)
            self.ub.append(row)
        self.ub_rhs = list(ub_rhs)
        for terms, constant, relation, columns in optional_rows:
            row = np.zeros(self.width)
            _fill(row, terms)
            if relation == "==":        # expr − e⁺ + e⁻ = 0
                row[columns[0]] = -1.0
                row[columns[1]] = 1.0
                self.eq.append(row)
                self.eq_rhs.append(-constant)
            elif relation == "<=":      # expr − s ≤ 0
                row[columns[0]] = -1.0
                self.ub.append(row)
                self.ub_rhs.append(-constant)
            else:                       # −expr − s ≤ 0
                row = -row
                row[columns[0]] = -1.0
                self.ub.append(row)
                self.ub_rhs.append(constant)
        self.levels = sorted(levels.items(), key=lambda item: -item[0])
        self.holds = []     # (row index, optimum) of each level held so far
        self.tolerance = LEVEL_TOLERANCE
        self.bounds = [(None, None)] * n + [(0, None)] * errors + [(0, 0)]

    def solve(self, objective, extra_bounds=None):
        a_ub = np.array(self.ub) if self.ub else None
        a_eq = np.array(self.eq) if self.eq else None
        return linprog(objective, A_ub=a_ub, b_ub=self.ub_rhs if self.ub else None,
                       A_eq=a_eq, b_eq=self.eq_rhs if self.eq else None,
                       bounds=extra_bounds or self.bounds, method="highs")

    def fix_levels(self) -> bool:
        """Minimises each level in turn and holds it; False when the hard rows are infeasible."""
        if not self.levels:
            result = self.solve(np.zeros(self.width))
            return result.status == 0
        for _, columns in self.levels:
            objective = np.zeros(self.width)
            objective[columns] = 1.0
            result = self.solve_held(objective)
            if result.status != 0:
                return False
            self.ub.append(objective)
            self.ub_rhs.append(result.fun + self.tolerance * (1.0 + abs(result.fun)))
            self.holds.append((len(self.ub) - 1, result.fun))
        return True

    def solve_held(self, objective, extra_bounds=None):
        """`solve`, relaxing the holds on the levels tenfold (up to 1e-5) while HiGHS finds the held
        face infeasible: its own tolerances can put a level's optimum a hair below what it can reach
        again."""
        result = self.solve(objective, extra_bounds)
        while result.status == 2 and self.holds and self.tolerance < 1e-5:
            self.tolerance *= 10
            for row, optimum in self.holds:
                self.ub_rhs[row] = optimum + self.tolerance * (1.0 + abs(optimum))
            result = self.solve(objective, extra_bounds)
        return result

    def extreme(self, column: int, sign: float) -> float:
        objective = np.zeros(self.width)
        objective[column] = sign
        result = self.solve_held(objective)
        if result.status == 3:          # unbounded: the face runs off to infinity along the column
            return -sign * float("inf")
        if result.status != 0:
            raise ReferenceError(f"the optimal face lost feasibility: {result.message}")
        return float(result.x[column])

    def face_contains(self, frames: dict, tolerance: float) -> bool:
        bounds = list(self.bounds)
        for view in self.problem.views:
            frame = frames.get(view)
            if frame is None:
                continue
            for component in range(4):
                column = self.linear.var(view, component)
                bounds[column] = (frame[component] - tolerance, frame[component] + tolerance)
        return self.solve_held(np.zeros(self.width), bounds).status == 0


def _append_row(terms, constant, relation, eq_rows, eq_rhs, ub_rows, ub_rhs):
    """A hard row `terms + constant (relation) 0`."""
    if relation == "==":
        eq_rows.append(terms)
        eq_rhs.append(-constant)
    elif relation == "<=":
        ub_rows.append(terms)
        ub_rhs.append(-constant)
    elif relation == ">=":
        ub_rows.append({k: -v for k, v in terms.items()})
        ub_rhs.append(constant)
    else:
        raise ReferenceError(f"unknown relation {relation!r}")


def _fill(row, terms):
    for column, value in terms.items():
        row[column] += value


def feasible(problem: Problem) -> bool:
    """Whether the required rows of `problem` (its required constraints, intrinsic sizes at 1000) can
    all hold; optional rows never make a problem infeasible."""
    lp = _LexicographicLP(problem)
    return lp.solve(np.zeros(lp.width)).status == 0


def solve(problem: Problem, determine: bool = True) -> Layout | None:
    """The lexicographic layout of `problem`, or None when its required rows are infeasible.

    With `determine`, every frame variable is minimised and maximised over the optimal face (two LPs
    each) to fill `ranges` and `determined`; without it they hold the one point found.
    Raises `ReferenceError` for a problem it cannot model.
    """
    lp = _LexicographicLP(problem)
    if not lp.fix_levels():
        return None
    point = lp.solve_held(np.zeros(lp.width))
    if point.status != 0:
        raise ReferenceError(f"the optimal face lost feasibility: {point.message}")
    frames, ranges, determined = {}, {}, {}
    for view in problem.views:
        columns = [lp.linear.var(view, k) for k in range(4)]
        frames[view] = [float(point.x[c]) for c in columns]
        if determine:
            ranges[view] = [(lp.extreme(c, 1.0), lp.extreme(c, -1.0)) for c in columns]
        else:
            ranges[view] = [(v, v) for v in frames[view]]
        determined[view] = [hi - lo <= DETERMINED_WIDTH for lo, hi in ranges[view]]
    return Layout(frames, ranges, determined, lp)


def constraint_residual(problem: Problem, constraint: ConstraintSpec, frames: dict):
    """`(first − multiplier × second − constant, Σ|coefficients|)` evaluated at `frames`; the second
    value bounds how far pixel rounding of the frame values can move the first (per point of error).
    None when the constraint involves a custom guide, whose frame `frames` does not hold."""
    linear = _Linear(problem)
    terms, constant = linear.expression(constraint)
    values = {}
    for view in problem.views:
        for component in range(4):
            values[linear.var(view, component)] = frames[view][component]
    if any(column not in values for column in terms):
        return None
    residual = constant + sum(coefficient * values[column] for column, coefficient in terms.items())
    return residual, sum(abs(v) for v in terms.values())
