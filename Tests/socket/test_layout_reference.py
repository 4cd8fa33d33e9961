"""The LP reference (layout_reference.py) against layouts worked out by hand; no server needed."""
import math

import layout_reference as ref
from layout_reference import ConstraintSpec as C, Device, Problem, ViewSpec


def frame(constraints, views=None, device=None, drags=None):
    layout = ref.solve(Problem(device or Device(), views or {"v": ViewSpec()}, constraints, drags or {}))
    assert layout is not None
    return layout


def close(a, b):
    return all(math.isclose(x, y, abs_tol=1e-5) for x, y in zip(a, b))


def test_safe_area_and_multiplier():
    # Safe area [20, 0, 0, 0] on 375 × 667: its top is y = 20, so v.y = 20 + 20 = 40; height = 100 × 0.5.
    layout = frame([C("l", "v.left", "==", "root.safeArea.left", constant=10),
                    C("t", "v.top", "==", "root.safeArea.top", constant=20),
                    C("w", "v.width", constant=100),
                    C("h", "v.height", "==", "v.width", multiplier=0.5)],
                   device=Device(safe_area=(20, 0, 0, 0)))
    assert close(layout.frames["v"], [10, 40, 100, 50])
    assert layout.determined["v"] == [True] * 4


def test_priorities_are_lexicographic():
    # Three wishes at 250 for 200 never outweigh one at 251 for 100.
    layout = frame([C("a", "v.width", constant=200, priority=250), C("b", "v.width", constant=200, priority=250),
                    C("c", "v.width", constant=200, priority=250), C("d", "v.width", constant=100, priority=251)])
    assert math.isclose(layout.frames["v"][2], 100, abs_tol=1e-5)


def test_errors_within_a_level_are_summed():
    # |w − 100| + |w − 200| + |w − 300| is least at the median, w = 200.
    layout = frame([C("a", "v.width", constant=100, priority=250), C("b", "v.width", constant=200, priority=250),
                    C("c", "v.width", constant=300, priority=250)])
    assert math.isclose(layout.frames["v"][2], 200, abs_tol=1e-5)


def test_intrinsic_size_hugging_and_compression():
    views = {"v": ViewSpec(intrinsic=(120, -1))}
    # width == 50 @500 pulls below the intrinsic 120; compression resistance 750 wins: 120.
    assert math.isclose(frame([C("a", "v.width", constant=50, priority=500)], views).frames["v"][2], 120,
                        abs_tol=1e-5)
    # width == 300 @500 pulls above; hugging is only 250: 300.
    assert math.isclose(frame([C("a", "v.width", constant=300, priority=500)], views).frames["v"][2], 300,
                        abs_tol=1e-5)


def test_view_margins_in_a_nested_view():
    # p at x = 10, 200 wide; c spans p's margins (8 each side) in p's bounds space: x = 8, width = 184.
    views = {"p": ViewSpec(), "c": ViewSpec(parent="p")}
    layout = frame([C("pl", "p.left", "==", "root.left", constant=10), C("pw", "p.width", constant=200),
                    C("cl", "c.leading", "==", "p.leadingMargin"), C("ct", "c.trailing", "==", "p.trailingMargin")],
                   views)
    assert close(layout.frames["p"][0:1] + layout.frames["p"][2:3], [10, 200])
    assert close([layout.frames["c"][0], layout.frames["c"][2]], [8, 184])


def test_root_margins_sit_inside_the_safe_area():
    # 812 × 375 with safe area [0, 44, 21, 44]: the root's margins are 44 + 16 = 60 from each side,
    # so the right margin is at 812 − 60 = 752 and v spans 60…752 (692 wide).
    layout = frame([C("l", "v.left", "==", "root.leftMargin"), C("r", "v.right", "==", "root.margins.right")],
                   device=Device(size=(812, 375), safe_area=(0, 44, 21, 44)))
    assert close([layout.frames["v"][0], layout.frames["v"][2]], [60, 692])


def test_keyboard_guide_while_hidden_is_the_bottom_safe_area():
    # 375 × 812, bottom inset 34: the keyboard guide's top is 812 − 34 = 778; a 50 tall v ends there.
    layout = frame([C("b", "v.bottom", "==", "root.keyboard.top"), C("h", "v.height", constant=50)],
                   device=Device(size=(375, 812), safe_area=(44, 0, 34, 0)))
    assert close([layout.frames["v"][1], layout.frames["v"][3]], [728, 50])


def test_location_multiplier():
    # centerX == root.centerX × 0.5 = 187.5 × 0.5 = 93.75; 50 wide: x = 68.75.
    layout = frame([C("c", "v.centerX", "==", "root.centerX", multiplier=0.5), C("w", "v.width", constant=50)])
    assert math.isclose(layout.frames["v"][0], 68.75, abs_tol=1e-5)


def test_optional_inequality_gives_way_by_its_violation():
    # w >= 100 @500 holds; w <= 80 @250 is violated by 20.
    layout = frame([C("a", "v.width", ">=", constant=100, priority=500),
                    C("b", "v.width", "<=", constant=80, priority=250)])
    assert math.isclose(layout.frames["v"][2], 100, abs_tol=1e-5)


def test_drag_at_800():
    # The drag (800) beats left == 10 @750 and loses to left == 10 @999.
    weak = frame([C("l", "v.left", "==", "root.left", constant=10, priority=750)], drags={"v": (30, 0)})
    strong = frame([C("l", "v.left", "==", "root.left", constant=10, priority=999)], drags={"v": (30, 0)})
    assert math.isclose(weak.frames["v"][0], 30, abs_tol=1e-5)
    assert math.isclose(strong.frames["v"][0], 10, abs_tol=1e-5)


def test_undetermined_values_and_the_face():
    # Only the width is decided: x is free over the whole line; the face admits any x with width 40.
    layout = frame([C("w", "v.width", constant=40)])
    assert layout.determined["v"] == [False, False, True, False]
    assert layout.ranges["v"][0] == (-math.inf, math.inf)
    assert layout.admits({"v": [123, -7, 40, 0]}, 0.5)
    assert not layout.admits({"v": [123, -7, 41, 0]}, 0.5)


def test_conflicting_required_constraints_are_infeasible():
    problem = Problem(Device(), {"v": ViewSpec()}, [C("a", "v.width", constant=100), C("b", "v.width", constant=120)])
    assert not ref.feasible(problem)
    assert ref.solve(problem) is None


def test_residual_in_the_common_ancestor_space():
    # c (in p at x = 8) has its left at 10 + 8 = 18 in root space; c.left == root.left + 18 holds.
    problem = Problem(Device(), {"p": ViewSpec(), "c": ViewSpec(parent="p")}, [])
    frames = {"p": [10, 0, 100, 100], "c": [8, 0, 20, 20]}
    residual, weight = ref.constraint_residual(problem, C("x", "c.left", "==", "root.left", constant=18), frames)
    assert math.isclose(residual, 0, abs_tol=1e-9) and weight == 2


def test_sizes_are_never_negative():
    # width == −10 is infeasible once every view's width is at least 0; a wish for −10 @750 gives 0.
    problem = Problem(Device(), {"v": ViewSpec()}, [C("a", "v.width", constant=-10)])
    assert not ref.feasible(problem)
    assert math.isclose(frame([C("a", "v.width", constant=-10, priority=750)]).frames["v"][2], 0, abs_tol=1e-5)


def test_custom_guide_has_frame_variables_of_its_own():
    # g (owned by the root) spans 20…120; v is pinned to g's right edge: x = 120.
    problem = Problem(Device(), {"v": ViewSpec()}, [
        C("gl", "root.g.left", "==", "root.left", constant=20), C("gw", "root.g.width", constant=100),
        C("vl", "v.left", "==", "root.g.right")], guides={"root.g": "root"})
    layout = ref.solve(problem)
    assert math.isclose(layout.frames["v"][0], 120, abs_tol=1e-5)
