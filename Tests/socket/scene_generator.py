"""Seeded random scenes and edit sequences for the protocol (docs/PROTOCOL.md).

A scene has 1–6 views nested up to three deep, intrinsic sizes with hugging and compression
resistance, layout margins, custom layout guides, and constraints over every attribute (the margin
forms included) and the guides (safe area, layout margins, keyboard, custom), with all three
relations, multipliers (0.5, 1, 2, 4:3, 16:9 and their inverses on sizes), required and optional
priorities, inactive constraints and deliberate conflicts (a copy of a required equality with another
constant). Most views also get two constraints per axis that place them in their superview, so that
many frame values are determined.

Edits are drawn one at a time from the model's current state (`scene_model.SceneModel`), so they name
views and constraints that exist, with now and then a stale one: `add`/`remove` of constraints and
views, `set` of a constant, of a priority within optional (and, rarely, across, which must be
refused), of `active`, of the root's bounds (origin or size), of `intrinsicSize`, hugging and
compression resistance, of the safe area and layout margins, `drag` begin/move/end, custom layout
guides added and removed, the keyboard shown and hidden, and the scene reloaded from what `scene`
answers (broken constraints included); now and then two or three edits go in one `batch`. Every pairing
generated is one UIKit accepts; the same seed gives the same sequence for the same answers.
"""
from __future__ import annotations

import random

import scene_model

LOCATIONS_X = ["left", "right", "leading", "trailing", "centerX"]
LOCATIONS_Y = ["top", "bottom", "centerY", "firstBaseline", "lastBaseline"]
MARGINS_X = ["leftMargin", "rightMargin", "leadingMargin", "trailingMargin", "centerXWithinMargins"]
MARGINS_Y = ["topMargin", "bottomMargin", "centerYWithinMargins"]
OPTIONAL = [1, 50, 249, 250, 251, 500, 749, 750, 751, 800, 999, 999.5]
CONTENT = [1, 50, 249, 250, 251, 500, 749, 750, 751, 999]
SIZE_MULTIPLIERS = [1, 1, 1, 0.5, 2, 16 / 9, 9 / 16, 4 / 3, 0.75]
DEVICES = [((375, 667), (20, 0, 0, 0), 2), ((375, 812), (44, 0, 34, 0), 3), ((320, 568), (0, 0, 0, 0), 1),
           ((820, 1180), (24, 0, 20, 0), 2), ((667, 375), (0, 44, 21, 44), 3)]


def family(attribute: str) -> str:
    if attribute.startswith(("leading", "trailing")):
        return "directional"
    if attribute.startswith(("left", "right")):
        return "absolute"
    return "neutral"


class Generator:
    """Scenes and edits from one `random.Random(seed)`."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.next_constraint = 1
        self.next_view = 1
        self.next_guide = 1

    # MARK: numbers

    def constant(self) -> float:
        r = self.rng.random()
        if r < 0.15:
            return 0
        if r < 0.25:
            return self.rng.randint(-40, 40) + 0.5
        return self.rng.randint(-60, 320)

    def priority(self) -> float:
        return 1000 if self.rng.random() < 0.55 else self.rng.choice(OPTIONAL)

    def relation(self) -> str:
        return self.rng.choices(["==", "<=", ">="], weights=[6, 2, 2])[0]

    # MARK: scenes

    def scene(self) -> dict:
        size, safe, scale = self.rng.choice(DEVICES)
        views = []
        for _ in range(self.rng.randint(1, 6)):
            views.append(self.view_spec([v["id"] for v in views], {v["id"]: v for v in views}))
        guides = []
        while self.rng.random() < 0.3 and len(guides) < 3:
            guides.append({"id": f"g{self.next_guide}", "owner": self.rng.choice(["root"] + [v["id"] for v in views])})
            self.next_guide += 1
        scene = {"root": {"size": list(size), "safeArea": list(safe), "scale": scale}, "views": views,
                 "guides": guides, "constraints": []}
        model = scene_model.SceneModel()
        model.load({"root": scene["root"], "views": views, "guides": guides}, scene_model.Expectation())
        for view in views:
            for horizontal in (True, False):
                if self.rng.random() < 0.7:
                    scene["constraints"].extend(self.scaffold(view, horizontal))
        for _ in range(self.rng.randint(2, 10)):
            scene["constraints"].append(self.constraint_spec(model, scene["constraints"]))
        self.rng.shuffle(scene["constraints"])
        return scene

    def scaffold(self, view: dict, horizontal: bool) -> list:
        """Two constraints that place a view on one axis inside its superview (an edge or center and
        a size, or two edges), so that many frame values are determined and can be compared."""
        rng = self.rng
        parent = view["parent"]
        edges = (["leading", "left", "centerX", "leadingMargin"] if horizontal else
                 ["top", "centerY", "topMargin", "firstBaseline"])
        edge = rng.choice(edges)
        if edge in ("leadingMargin", "topMargin") and rng.random() < 0.5 and parent == "root":
            target = f"root.safeArea.{edge.replace('Margin', '')}"
        else:
            target = f"{parent}.{edge}"
        own = edge.replace("Margin", "")
        first = {"id": self.fresh(), "first": f"{view['id']}.{own}", "second": target,
                 "constant": rng.randint(0, 60), "priority": self.scaffold_priority()}
        size = "width" if horizontal else "height"
        if rng.random() < 0.6:
            second = {"id": self.fresh(), "first": f"{view['id']}.{size}", "constant": rng.randint(0, 200),
                      "relation": rng.choices(["==", "<=", ">="], weights=[6, 1, 1])[0],
                      "priority": self.scaffold_priority()}
        else:
            far = "trailing" if horizontal else "bottom"
            if own == "left":
                far = "right"
            second = {"id": self.fresh(), "first": f"{parent}.{far}", "second": f"{view['id']}.{far}",
                      "constant": rng.randint(0, 40), "priority": self.scaffold_priority()}
        return [first, second]

    def scaffold_priority(self) -> float:
        return 1000 if self.rng.random() < 0.75 else self.rng.choice(OPTIONAL)

    def fresh(self) -> str:
        cid = f"k{self.next_constraint}"
        self.next_constraint += 1
        return cid

    def view_spec(self, existing: list, specs: dict) -> dict:
        vid = f"v{self.next_view}"
        self.next_view += 1

        def depth(view):
            d = 0
            while view != "root":
                view = specs[view]["parent"]
                d += 1
            return d
        parents = ["root"] + [v for v in existing if depth(v) < 3]
        spec = {"id": vid, "parent": self.rng.choice(parents)}
        if self.rng.random() < 0.5:
            spec["intrinsicSize"] = [self.rng.choice([-1, self.rng.randint(0, 240)]),
                                     self.rng.choice([-1, self.rng.randint(0, 120)])]
        if self.rng.random() < 0.3:
            spec["contentHugging"] = [self.rng.choice(CONTENT), self.rng.choice(CONTENT)]
        if self.rng.random() < 0.3:
            spec["compressionResistance"] = [self.rng.choice(CONTENT), self.rng.choice(CONTENT)]
        if self.rng.random() < 0.2:
            spec["layoutMargins"] = [self.rng.randint(0, 30) for _ in range(4)]
        return spec

    def items(self, model) -> list:
        return ["root"] + list(model.views)

    def anchor(self, model, horizontal: bool, location: bool, avoid_family: str | None = None):
        """A random `item.attribute` on one axis; guides only with plain attributes."""
        rng = self.rng
        if not location:
            item = rng.choice(self.items(model) + ["root.safeArea", "root.margins", "root.keyboard"]
                              + [f"{v}.margins" for v in model.views] + list(model.guides))
            return f"{item}.{'width' if horizontal else 'height'}"
        plain = LOCATIONS_X if horizontal else LOCATIONS_Y
        margins = MARGINS_X if horizontal else MARGINS_Y
        for _ in range(20):
            r = rng.random()
            if r < 0.6:
                item, attribute = rng.choice(self.items(model)), rng.choice(plain)
            elif r < 0.8:
                item, attribute = rng.choice(self.items(model)), rng.choice(margins)
            else:
                guides = (["root.safeArea", "root.margins", "root.keyboard"] + [f"{v}.margins" for v in model.views]
                          + list(model.guides) * 2)
                item, attribute = rng.choice(guides), rng.choice(plain)
            if avoid_family is None or family(attribute) == "neutral" or family(attribute) == avoid_family:
                return f"{item}.{attribute}"
        return f"{rng.choice(self.items(model))}.{'centerX' if horizontal else 'centerY'}"

    def constraint_spec(self, model, existing: list) -> dict:
        rng = self.rng
        cid = self.fresh()
        required = [c for c in existing if c.get("priority", 1000) >= 1000 and c.get("relation", "==") == "=="]
        if required and rng.random() < 0.12:
            # A deliberate conflict: the same equality with another constant.
            copy = dict(rng.choice(required))
            copy["id"] = cid
            copy["constant"] = copy.get("constant", 0) + rng.choice([-40, -8, 5, 30])
            return copy
        horizontal = rng.random() < 0.5
        spec = {"id": cid, "relation": self.relation(), "constant": self.constant(), "priority": self.priority()}
        if rng.random() < 0.35:
            first = self.anchor(model, horizontal, False)
            spec["first"] = first
            if rng.random() < 0.4:
                spec["constant"] = abs(spec["constant"])
            else:
                spec["second"] = self.anchor(model, rng.random() < 0.5, False)
                spec["multiplier"] = rng.choice(SIZE_MULTIPLIERS)
        else:
            first = self.anchor(model, horizontal, True)
            spec["first"] = first
            fam = family(first.rpartition(".")[2])
            avoid = {"directional": "directional", "absolute": "absolute"}.get(fam)
            spec["second"] = self.anchor(model, horizontal, True, avoid)
            spec["multiplier"] = rng.choices([1, 0.5, 2], weights=[8, 1, 1])[0]
        if rng.random() < 0.08:
            spec["active"] = False
        return spec

    # MARK: edits

    def edit(self, model) -> dict:
        """One editing message for the model's current state (without an id)."""
        rng = self.rng
        constraints = [c.spec.id for c in model.constraints]
        views = list(model.views)
        kind = rng.choices(
            ["add", "remove", "constant", "priority", "active", "rootBounds", "intrinsic", "content",
             "safeArea", "margins", "drag", "addView", "removeView", "addGuide", "removeGuide", "keyboard",
             "reload", "batch"],
            weights=[10, 5, 14, 7, 10, 4, 5, 2, 2, 2, 10, 2, 1, 1, 1, 2, 2, 3])[0]
        stale = rng.random() < 0.03
        pick_c = (lambda: "ghost") if stale or not constraints else (lambda: rng.choice(constraints))
        if kind == "add" or (not constraints and kind in ("remove", "constant", "priority", "active")):
            existing = [{"id": c.spec.id, "first": c.spec.first, "second": c.spec.second,
                         "relation": c.spec.relation, "constant": c.spec.constant,
                         "priority": c.spec.priority, "multiplier": c.spec.multiplier}
                        for c in model.constraints]
            spec = self.constraint_spec(model, existing)
            return {"type": "add", "constraint": {k: v for k, v in spec.items() if v is not None}}
        if kind == "remove":
            return {"type": "remove", "constraint": pick_c()}
        if kind == "constant":
            cid = pick_c()
            c = model.constraint(cid)
            base = c.spec.constant if c else 0
            value = base + rng.choice([-30, -5, -1, 0.5, 2, 10, 60]) if rng.random() < 0.7 else self.constant()
            return {"type": "set", "constraint": cid, "constant": value}
        if kind == "priority":
            cid = pick_c()
            c = model.constraint(cid)
            if c is not None and c.spec.is_required and rng.random() < 0.8:
                value = 1000
            elif c is not None and rng.random() < 0.1:
                value = 1000 if not c.spec.is_required else rng.choice(OPTIONAL)   # across: refused if installed
            else:
                value = rng.choice(OPTIONAL)
            return {"type": "set", "constraint": cid, "priority": value}
        if kind == "active":
            cid = pick_c()
            c = model.constraint(cid)
            active = (not c.active) if c is not None and rng.random() < 0.85 else rng.random() < 0.5
            return {"type": "set", "constraint": cid, "active": active}
        if kind == "rootBounds":
            w, h = model.device.size
            if rng.random() < 0.5:
                w, h = rng.choice([(320, 568), (375, 667), (667, 375), (414, 896), (820, 1180), (200, 300)])
            origin = [rng.choice([0, 0, 20, -12]), rng.choice([0, 0, 84, -30])]
            return {"type": "set", "view": "root", "bounds": origin + [w, h]}
        if kind == "safeArea":
            return {"type": "set", "view": "root",
                    "safeArea": rng.choice([[0, 0, 0, 0], [20, 0, 0, 0], [44, 0, 34, 0], [0, 44, 21, 44],
                                            [rng.randint(0, 80), rng.randint(0, 40), rng.randint(0, 80),
                                             rng.randint(0, 40)]])}
        if kind == "margins":
            view = rng.choice(["root"] + views)
            return {"type": "set", "view": view, "layoutMargins": [rng.randint(0, 40) for _ in range(4)]}
        if kind == "batch":
            # Two or three edits in one turn (drawn from the state before the batch, so a later op
            # may name what an earlier one removed).
            ops = []
            while len(ops) < rng.randint(2, 3):
                op = self.edit(model)
                if op["type"] not in ("reload", "keyboard", "batch"):
                    ops.append(op)
            return {"type": "batch", "ops": ops}
        if kind == "reload":
            # Not a protocol message: the runner asks for `scene` and loads what it answers.
            return {"type": "reload"}
        if kind == "keyboard":
            if model.device.keyboard_height > 0 and rng.random() < 0.6:
                return {"type": "keyboard", "show": False}
            return {"type": "keyboard", "show": True, "height": rng.choice([162, 216, 291, 313, rng.randint(0, 600)])}
        if kind == "addGuide":
            guide = {"id": f"g{self.next_guide}", "owner": rng.choice(["root"] + views)}
            self.next_guide += 1
            return {"type": "add", "guide": guide}
        if kind == "removeGuide" and model.guides:
            return {"type": "remove", "guide": rng.choice(sorted(model.guides))}
        if kind == "addView" or not views:
            specs = {v: {"parent": s.parent} for v, s in model.views.items()}
            return {"type": "add", "view": self.view_spec(views, specs)}
        if kind == "removeView":
            return {"type": "remove", "view": rng.choice(views)}
        view = rng.choice(views) if not stale else "ghost"
        if kind == "intrinsic":
            return {"type": "set", "view": view, "intrinsicSize": [rng.choice([-1, rng.randint(0, 240)]),
                                                                    rng.choice([-1, rng.randint(0, 120)])]}
        if kind == "content":
            field = rng.choice(["contentHugging", "compressionResistance"])
            return {"type": "set", "view": view, field: [rng.choice(CONTENT), rng.choice(CONTENT)]}
        # drag
        phase = rng.choices(["begin", "move", "end", "endAt"], weights=[3, 5, 3, 1])[0]
        point = [rng.randint(-50, 400), rng.randint(-50, 700)]
        if phase == "end":
            return {"type": "drag", "view": view, "phase": "end"}
        if phase == "endAt":
            return {"type": "drag", "view": view, "phase": "end", "point": point}
        return {"type": "drag", "view": view, "phase": phase, "point": point}
