"""The session model (scene_model.py) against the recovery rules docs/PROTOCOL.md states; no server."""
import scene_model


def apply(model, message, observed=()):
    return model.apply(message, list(observed))


def test_the_protocol_documents_healing_order():
    # docs/PROTOCOL.md, "conflict": k1 a.width == 50, k2 == 90, k3 == 30 in that order (k2, k3 broken);
    # k2's constant set to 91 (broken again, now the latest change); deactivating k1 heals k3, not k2.
    model = scene_model.SceneModel()
    expect = apply(model, {"type": "load", "scene": {"views": [{"id": "a"}], "constraints": [
        {"id": "k1", "first": "a.width", "constant": 50}, {"id": "k2", "first": "a.width", "constant": 90},
        {"id": "k3", "first": "a.width", "constant": 30}]}})
    assert expect.conflicts == ["k2", "k3"]
    assert apply(model, {"type": "set", "constraint": "k2", "constant": 91}).conflicts == ["k2"]
    assert apply(model, {"type": "set", "constraint": "k1", "active": False}).conflicts == []
    assert [c.spec.id for c in model.constraints if c.broken] == ["k2"]
    assert [c.spec.id for c in model.constraints if c.installed] == ["k3"]


def test_without_the_change_the_earlier_one_heals():
    # The same scene without touching k2: deactivating k1 heals k2 (width 90), k3 stays broken.
    model = scene_model.SceneModel()
    apply(model, {"type": "load", "scene": {"views": [{"id": "a"}], "constraints": [
        {"id": "k1", "first": "a.width", "constant": 50}, {"id": "k2", "first": "a.width", "constant": 90},
        {"id": "k3", "first": "a.width", "constant": 30}]}})
    apply(model, {"type": "set", "constraint": "k1", "active": False})
    assert [c.spec.id for c in model.constraints if c.broken] == ["k3"]


def test_priority_across_required_is_refused_while_installed():
    model = scene_model.SceneModel()
    apply(model, {"type": "load", "scene": {"views": [{"id": "a"}], "constraints": [
        {"id": "k1", "first": "a.width", "constant": 50},
        {"id": "k2", "first": "a.width", "constant": 60, "active": False}]}})
    assert apply(model, {"type": "set", "constraint": "k1", "priority": 750}).error == "required-priority-change"
    # Inactive, k2 may change sides.
    assert apply(model, {"type": "set", "constraint": "k2", "priority": 750}).error is None


def test_device_change_takes_its_victim_from_the_server():
    # a.width == root.width is required; a.width == 375 as well: a new root width breaks one of them,
    # and the model takes the server's choice (k2) and checks that the rest then fits.
    model = scene_model.SceneModel()
    apply(model, {"type": "load", "scene": {"views": [{"id": "a"}], "constraints": [
        {"id": "k1", "first": "a.width", "second": "root.width"}, {"id": "k2", "first": "a.width", "constant": 375}]}})
    expect = apply(model, {"type": "set", "view": "root", "bounds": [0, 0, 320, 568]}, ["k2"])
    assert expect.conflicts == ["k2"] and expect.problems == []
    model2 = scene_model.SceneModel()
    apply(model2, {"type": "load", "scene": {"views": [{"id": "a"}], "constraints": [
        {"id": "k1", "first": "a.width", "second": "root.width"}, {"id": "k2", "first": "a.width", "constant": 375}]}})
    assert apply(model2, {"type": "set", "view": "root", "bounds": [0, 0, 320, 568]}).problems
