"""What a session should hold after each message, kept in Python beside the real server.

The model applies the protocol's editing messages (`load`, `add`, `remove`, `set`, `drag`) to its own
copy of the scene and predicts each answer: the error code (or none), and which constraints the turn
breaks, in order, as `conflict` messages. Feasibility of the required constraints comes from
`layout_reference.feasible` (HiGHS), never from the server.

The recovery rules it replays are docs/PROTOCOL.md's ("conflict"): a required constraint whose
addition or change makes the required set infeasible is the one broken; it stays active and is retried
after every later change in the order of their last change (added, activated, or given a constant or
a priority), earliest first, healing when it fits. Every view's width and height are at least 0.
Read from `Sources/AutoLayout` where the document is silent:

- `load` adds the constraints in document order (those saved as broken last); nothing heals during a
  load.
- `add` does not retry broken constraints (adding can only shrink the feasible set); `remove`, `set`
  of a constraint's constant, priority or `active`, and `set` of view properties do.
- `set` of `active` to the value it already has changes nothing and retries nothing.
- `set` of `priority` removes and reinstalls the constraint, so a broken required constraint given
  priority 1000 again is reported again; between required and optional it is `required-priority-change`
  while installed or broken, allowed while inactive.
- `set` of a constant on a broken constraint reinstalls it, reported again when it still conflicts.
- Changes to the device (root size, safe area, layout margins, the keyboard) move the engine's own
  required constraints one edge at a time (a conflict breaks the most recently changed user
  constraint of the solver's explanation): width then height; the safe area's left, right, top,
  bottom, then the root margins guide's, then the keyboard guide's height; a view's margins left,
  right, top, bottom; the keyboard guide's height to the larger of the keyboard's and the bottom
  inset. When one edge conflicts, the engine breaks the newest user constraint of its solver's
  explanation, which need not be a minimal set, so the model takes the victims from the server's
  `conflict`s and checks each was an installed required constraint and that the rest then fits.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

import layout_reference as ref


@dataclass
class Constraint:
    """A user constraint with the session's flags."""
    spec: ref.ConstraintSpec
    active: bool = True
    broken: bool = False
    last_change: int = 0

    @property
    def installed(self) -> bool:
        return self.active and not self.broken


@dataclass
class Expectation:
    """What one message should get: `error` (a code, or None for its normal answer), the ids broken in
    order (`conflicts`), and `problems`, model-side findings (a server victim that makes no sense)."""
    error: str | None = None
    conflicts: list = field(default_factory=list)
    problems: list = field(default_factory=list)


class SceneModel:
    """The session's scene as the protocol says it should be."""

    def __init__(self):
        self.device = ref.Device()
        self.views: dict[str, ref.ViewSpec] = {}
        self.constraints: list[Constraint] = []
        self.drags: dict[str, tuple] = {}
        self.guides: dict[str, str] = {}     # "owner.id" -> owner
        self.clock = 0                       # stamps each constraint's last change

    # MARK: queries

    def constraint(self, cid):
        return next((c for c in self.constraints if c.spec.id == cid), None)

    def problem(self, constraints=None, drags=True) -> ref.Problem:
        """The reference problem of the installed constraints (or `constraints`) and current drags."""
        chosen = [c.spec for c in self.constraints if c.installed] if constraints is None else constraints
        return ref.Problem(self.device, dict(self.views), chosen, dict(self.drags) if drags else {},
                           dict(self.guides))

    def fits(self, extra=None) -> bool:
        """Whether the installed required constraints (plus `extra`) can all hold."""
        required = [c.spec for c in self.constraints if c.installed and c.spec.is_required]
        if extra is not None:
            required.append(extra)
        return ref.feasible(self.problem(required, drags=False))

    def mentions(self, spec: ref.ConstraintSpec, views: set) -> bool:
        for anchor in (spec.first, spec.second):
            if anchor is not None and anchor.split(".")[0] in views:
                return True
        return False

    def subtree(self, view: str) -> list[str]:
        out = [view]
        for child, spec in self.views.items():
            if spec.parent in out and child not in out:
                out.append(child)
        return out

    # MARK: recovery rules

    def install(self, c: Constraint, report: bool, expect: Expectation):
        """Activates `c` into the solver; a required one that does not fit is broken."""
        c.broken = False
        if c.spec.is_required and not self.fits_with(c):
            c.broken = True
            if report:
                expect.conflicts.append(c.spec.id)

    def fits_with(self, c: Constraint) -> bool:
        others = [o.spec for o in self.constraints if o.installed and o.spec.is_required and o is not c]
        return ref.feasible(self.problem(others + [c.spec], drags=False))

    def note_change(self, c: Constraint):
        self.clock += 1
        c.last_change = self.clock

    def heal(self):
        """Retries broken constraints in the order of their last change, earliest first."""
        for c in sorted((c for c in self.constraints if c.active and c.broken), key=lambda c: c.last_change):
            if self.fits_with(c):
                c.broken = False

    def move_internal(self, change, observed, expect: Expectation):
        """Applies one engine-constraint change (`change(device)` edits `self.device`), taking victims
        from the server's `observed` conflicts while the required set does not fit."""
        change(self.device)
        for _ in range(16):
            if self.fits():
                self.heal()
                return
            if not observed:
                expect.problems.append("the required set does not fit after a device change and the "
                                       "server broke nothing")
                return
            victim_id = observed.pop(0)
            victim = self.constraint(victim_id)
            if victim is None or not victim.installed or not victim.spec.is_required:
                expect.problems.append(f"server broke {victim_id!r}, not an installed required constraint")
                return
            victim.broken = True
            expect.conflicts.append(victim_id)

    # MARK: messages

    def apply(self, message: dict, observed: list) -> Expectation:
        """Applies `message` and returns its expectation; `observed` (the ids of the server's
        `conflict`s for this turn, in order) supplies device-change victims only. A message that fails
        changes nothing and breaks nothing (docs/PROTOCOL.md, "All or nothing"): the model goes back to
        its state before it."""
        before = copy.deepcopy(self.__dict__)
        expect = self._apply(message, list(observed))
        if expect.error is not None:
            self.__dict__.update(before)
            expect.conflicts = []
        return expect

    def _apply(self, message: dict, observed: list) -> Expectation:
        """`apply` consuming `observed` in place, so the ops of a `batch` share the turn's conflicts."""
        expect = Expectation()
        kind = message.get("type")
        if kind == "batch":
            # One turn: the ops in order; the first failing one stops the rest, and `apply` takes
            # back the ones before it.
            for op in message.get("ops", []):
                inner = self._apply(op, observed)
                expect.conflicts += inner.conflicts
                expect.problems += inner.problems
                if inner.error is not None:
                    expect.error = inner.error
                    break
        elif kind == "load":
            self.load(message["scene"], expect)
        elif kind == "add" and "constraint" in message:
            self.add_constraint(message["constraint"], expect)
        elif kind == "add" and "view" in message:
            self.add_view(message["view"], expect)
        elif kind == "remove" and "constraint" in message:
            c = self.constraint(message["constraint"])
            if c is None:
                expect.error = "unknown-constraint"
            else:
                self.constraints.remove(c)
                self.heal()
        elif kind == "remove" and "view" in message:
            self.remove_view(message["view"], expect)
        elif kind == "add" and "guide" in message:
            self.add_guide(message["guide"], expect)
        elif kind == "remove" and "guide" in message:
            self.remove_guide(message["guide"], expect)
        elif kind == "keyboard":
            height = float(message.get("height", 216)) if message.get("show") else 0.0

            def keyboard(device):
                device.keyboard_height = height
            self.move_internal(keyboard, observed, expect)
        elif kind == "set" and "constraint" in message:
            self.set_constraint(message, expect)
        elif kind == "set" and "view" in message:
            self.set_view(message, observed, expect)
        elif kind == "drag":
            self.drag(message, expect)
        else:
            raise ValueError(f"the model does not know {message!r}")
        return expect

    def load(self, scene: dict, expect: Expectation):
        root = scene.get("root", {})
        self.device = ref.Device(size=tuple(root.get("size", (375, 667))),
                                 safe_area=tuple(root.get("safeArea", (0, 0, 0, 0))),
                                 scale=float(root.get("scale", 2)),
                                 layout_margins=tuple(root.get("layoutMargins", (0, 16, 0, 16))))
        self.views, self.constraints, self.drags, self.guides = {}, [], {}, {}
        for view in scene.get("views", []):
            self.views[view["id"]] = view_spec(view)
        for guide in scene.get("guides", []):
            self.add_guide(guide, expect)
        if "root" in [v["id"] for v in scene.get("views", [])]:
            raise ValueError("the root is not a listed view")
        specs = scene.get("constraints", [])
        # Constraints saved as broken go in last, so the same ones break again.
        for spec in [c for c in specs if not c.get("broken")] + [c for c in specs if c.get("broken")]:
            c = Constraint(constraint_spec(spec), active=spec.get("active", True))
            self.constraints.append(c)
            self.note_change(c)
            if c.active:
                self.install(c, True, expect)

    def mismatches(self, document: dict) -> list[str]:
        """How a scene document (as `scene` answers it) differs from the model's current state: the
        root, each view's fields, the custom guides, each constraint's fields and flags, in order."""
        out = []

        def differ(what, got, want):
            try:
                same = got is not None and [float(v) for v in got] == [float(v) for v in want]
            except (TypeError, ValueError):
                same = False
            if not same:
                out.append(f"{what}: {got} is not {list(want)}")
        root = document.get("root", {})
        differ("root.size", root.get("size"), self.device.size)
        differ("root.safeArea", root.get("safeArea"), self.device.safe_area)
        differ("root.scale", [root.get("scale")], [self.device.scale])
        differ("root.layoutMargins", root.get("layoutMargins"), self.device.layout_margins)
        views = {v.get("id"): v for v in document.get("views", [])}
        # `scene` lists views parents first (depth first), not in the order they were added.
        if sorted(views) != sorted(self.views):
            out.append(f"views {list(views)} are not {list(self.views)}")
        order = list(views)
        for vid, got in views.items():
            parent = got.get("parent", "root")
            if parent != "root" and parent in views and order.index(parent) > order.index(vid):
                out.append(f"{vid} comes before its parent {parent}")
        for vid, spec in self.views.items():
            got = views.get(vid, {})
            if got.get("parent", "root") != spec.parent:
                out.append(f"{vid}.parent: {got.get('parent')} is not {spec.parent}")
            differ(f"{vid}.intrinsicSize", got.get("intrinsicSize"), spec.intrinsic)
            differ(f"{vid}.contentHugging", got.get("contentHugging"), spec.hugging)
            differ(f"{vid}.compressionResistance", got.get("compressionResistance"), spec.compression)
            differ(f"{vid}.layoutMargins", got.get("layoutMargins"), spec.margins)
        guides = sorted(f"{g.get('owner', 'root')}.{g.get('id')}" for g in document.get("guides", []))
        if guides != sorted(self.guides):
            out.append(f"guides {guides} are not {sorted(self.guides)}")
        constraints = document.get("constraints", [])
        if [c.get("id") for c in constraints] != [c.spec.id for c in self.constraints]:
            out.append(f"constraints {[c.get('id') for c in constraints]} are not "
                       f"{[c.spec.id for c in self.constraints]}")
            return out
        for got, c in zip(constraints, self.constraints):
            want = {"first": c.spec.first, "second": c.spec.second, "relation": c.spec.relation,
                    "multiplier": c.spec.multiplier, "constant": c.spec.constant, "priority": c.spec.priority,
                    "active": c.active, "broken": c.broken}
            for key, value in want.items():
                if got.get(key) != value and not (isinstance(value, float) and got.get(key) is not None
                                                  and abs(float(got[key]) - value) <= 1e-9 * (1 + abs(value))):
                    out.append(f"{c.spec.id}.{key}: {got.get(key)} is not {value}")
        return out

    def add_constraint(self, spec: dict, expect: Expectation):
        if self.constraint(spec["id"]) is not None:
            expect.error = "duplicate-id"
            return
        for anchor in (spec["first"], spec.get("second")):
            if anchor is not None and anchor.split(".")[0] not in self.views and not anchor.startswith("root."):
                expect.error = "unknown-item"
                return
        c = Constraint(constraint_spec(spec), active=spec.get("active", True))
        self.constraints.append(c)
        self.note_change(c)
        if c.active:
            self.install(c, True, expect)

    def add_view(self, spec: dict, expect: Expectation):
        if spec["id"] in self.views or spec["id"] == "root":
            expect.error = "duplicate-id"
            return
        if spec.get("parent", "root") != "root" and spec.get("parent") not in self.views:
            expect.error = "unknown-view"
            return
        self.views[spec["id"]] = view_spec(spec)

    def add_guide(self, spec: dict, expect: Expectation):
        owner = spec.get("owner", "root")
        name = f"{owner}.{spec['id']}"
        if owner != "root" and owner not in self.views:
            expect.error = "unknown-view"
        elif name in self.guides or spec["id"] in ("safeArea", "keyboard", "margins"):
            expect.error = "duplicate-id"
        else:
            self.guides[name] = owner

    def remove_guide(self, name: str, expect: Expectation):
        if name not in self.guides:
            expect.error = "unknown-item"
            return
        del self.guides[name]
        self.constraints = [c for c in self.constraints
                            if not any(a is not None and a.rpartition(".")[0] == name
                                       for a in (c.spec.first, c.spec.second))]
        self.heal()

    def remove_view(self, view: str, expect: Expectation):
        if view == "root":
            expect.error = "cannot-remove-root"
            return
        if view not in self.views:
            expect.error = "unknown-view"
            return
        gone = set(self.subtree(view))
        self.constraints = [c for c in self.constraints if not self.mentions(c.spec, gone)]
        self.views = {k: v for k, v in self.views.items() if k not in gone}
        self.drags = {k: v for k, v in self.drags.items() if k not in gone}
        self.guides = {k: v for k, v in self.guides.items() if v not in gone}
        self.heal()

    def set_constraint(self, message: dict, expect: Expectation):
        c = self.constraint(message["constraint"])
        if c is None:
            expect.error = "unknown-constraint"
            return
        if "constant" in message:
            c.spec.constant = float(message["constant"])
            self.note_change(c)
            if c.installed:
                if c.spec.is_required and not self.fits_with(c):
                    c.broken = True
                    expect.conflicts.append(c.spec.id)
            elif c.active:
                self.install(c, True, expect)
            self.heal()
        elif "priority" in message:
            priority = float(message["priority"])
            if (c.installed or c.broken) and (priority >= ref.REQUIRED) != c.spec.is_required:
                expect.error = "required-priority-change"
                return
            c.broken = False
            c.spec.priority = priority
            self.note_change(c)
            if c.active:
                self.install(c, True, expect)
            self.heal()
        elif "active" in message:
            active = bool(message["active"])
            if active == c.active:
                return
            c.active = active
            if active:
                self.note_change(c)
                self.install(c, True, expect)
            else:
                c.broken = False
            self.heal()

    def set_view(self, message: dict, observed: list, expect: Expectation):
        view = message["view"]
        if view != "root" and view not in self.views:
            expect.error = "unknown-view"
            return
        if "bounds" in message:
            x, y, w, h = (float(v) for v in message["bounds"])
            if view == "root" and (w, h) != tuple(float(v) for v in self.device.size):
                def width(device):
                    device.size = (w, device.size[1])

                def height(device):
                    device.size = (device.size[0], h)
                self.move_internal(width, observed, expect)
                self.move_internal(height, observed, expect)
            elif view != "root":
                raise ValueError("the model sets the bounds of the root only")
        elif "safeArea" in message:
            self.set_safe_area(tuple(float(v) for v in message["safeArea"]), observed, expect)
        elif "layoutMargins" in message:
            self.set_margins(view, tuple(float(v) for v in message["layoutMargins"]), observed, expect)
        else:
            spec = self.views.get(view)
            if spec is None:
                raise ValueError("the model sets sizes of views other than the root only")
            if "intrinsicSize" in message:
                spec.intrinsic = tuple(float(v) for v in message["intrinsicSize"])
            if "contentHugging" in message:
                spec.hugging = tuple(float(v) for v in message["contentHugging"])
            if "compressionResistance" in message:
                spec.compression = tuple(float(v) for v in message["compressionResistance"])
            self.heal()

    def set_safe_area(self, insets: tuple, observed: list, expect: Expectation):
        old = tuple(float(v) for v in self.device.safe_area)
        self.device.margins_safe_area = old
        self.device.keyboard_inset = max(float(self.device.keyboard_height), old[2])
        # Edges in the engine's order: left, right, top, bottom (indices into [top, left, bottom, right]).
        for index in (1, 3, 0, 2):
            def edge(device, index=index):
                values = list(device.safe_area)
                values[index] = insets[index]
                device.safe_area = tuple(values)
            self.move_internal(edge, observed, expect)
        for index in (1, 3, 0, 2):
            def margin(device, index=index):
                values = list(device.margins_safe_area)
                values[index] = insets[index]
                device.margins_safe_area = tuple(values)
            self.move_internal(margin, observed, expect)

        def keyboard(device):
            device.keyboard_inset = None
            device.margins_safe_area = None
        self.move_internal(keyboard, observed, expect)

    def set_margins(self, view: str, margins: tuple, observed: list, expect: Expectation):
        for index in (1, 3, 0, 2):
            def edge(device, index=index):
                if view == "root":
                    values = list(device.layout_margins)
                    values[index] = margins[index]
                    device.layout_margins = tuple(values)
                else:
                    values = list(self.views[view].margins)
                    values[index] = margins[index]
                    self.views[view].margins = tuple(values)
            self.move_internal(edge, observed, expect)

    def drag(self, message: dict, expect: Expectation):
        view = message["view"]
        if view not in self.views:
            expect.error = "unknown-view" if view != "root" else "invalid-field"
            return
        phase = message.get("phase", "move")
        point = message.get("point")
        if phase in ("begin", "move"):
            self.drags[view] = tuple(float(v) for v in point)
        elif phase == "end":
            self.drags.pop(view, None)


def view_spec(spec: dict) -> ref.ViewSpec:
    """A reference view from a scene document's view object (its documented defaults filled in)."""
    return ref.ViewSpec(parent=spec.get("parent", "root"),
                        intrinsic=tuple(spec.get("intrinsicSize", (-1, -1))),
                        hugging=tuple(spec.get("contentHugging", (250, 250))),
                        compression=tuple(spec.get("compressionResistance", (750, 750))),
                        margins=tuple(spec.get("layoutMargins", (8, 8, 8, 8))))


def constraint_spec(spec: dict) -> ref.ConstraintSpec:
    """A reference constraint from a scene document's constraint object (defaults filled in)."""
    return ref.ConstraintSpec(id=spec["id"], first=spec["first"], relation=spec.get("relation", "=="),
                              second=spec.get("second"), multiplier=float(spec.get("multiplier", 1)),
                              constant=float(spec.get("constant", 0)),
                              priority=float(spec.get("priority", 1000)))
