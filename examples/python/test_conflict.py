"""A required-constraint conflict, as UIKit resolves it: the constraint whose addition revealed the
conflict is broken (stays active, marked `broken`), the others keep holding, and it heals when the
conflict goes away."""
import pytest

from layout_playground import FrameMismatch

CARD = {
    "name": "card",
    "views": [{"id": "card"}],
    "constraints": [
        {"id": "cardTop", "equation": "card.top == root.top + 100"},
        {"id": "cardLeading", "equation": "card.leading == root.leading + 20"},
        {"id": "cardWidth", "equation": "card.width == 200"},
        {"id": "cardHeight", "equation": "card.height == 120"},
    ],
}


def test_added_constraint_breaks_and_heals(playground):
    playground.load(scene=CARD)
    playground.assert_frame("card", [20, 100, 200, 120])
    answer = playground.add(constraint={"id": "cardWidthWide", "equation": "card.width == 300"})
    assert len(answer.conflicts) == 1
    conflict = answer.conflicts[0]
    assert conflict["broken"] == "cardWidthWide"
    assert conflict["constraints"] == ["cardWidth", "cardWidthWide"]      # the broken one last
    assert "Unable to simultaneously satisfy constraints." in conflict["log"]
    playground.assert_frame("card", [20, 100, 200, 120])                  # cardWidth still holds
    broken = {c["id"]: c["broken"] for c in playground.scene()["constraints"]}
    assert broken["cardWidthWide"] is True and broken["cardWidth"] is False

    healed = playground.set(constraint="cardWidth", active=False)       # 300 wide now fits
    assert healed.conflicts == []
    playground.assert_frame("card", [20, 100, 300, 120])
    assert {c["id"]: c["broken"] for c in playground.scene()["constraints"]}["cardWidthWide"] is False


def test_negative_size_is_a_conflict(playground):
    """Sizes are never negative: card.trailing == card.leading − 10 would need width −10, so it breaks
    and the card keeps its 200 pt."""
    playground.load(scene=CARD)
    playground.set(constraint="cardWidth", active=False)
    answer = playground.add(constraint={"id": "inverted", "equation": "card.trailing == card.leading - 10"})
    assert [c["broken"] for c in answer.conflicts] == ["inverted"]


def test_a_frame_failure_names_the_constraints(playground):
    playground.load(scene=CARD)
    with pytest.raises(FrameMismatch, match=r"card: expected \[20, 100, 250, 120\], got \[20, 100, 200, 120\] "
                                            r"\(width off by -50; tolerance 1e-06\) — constraints: .*cardWidth"):
        playground.assert_frame("card", [20, 100, 250, 120])
