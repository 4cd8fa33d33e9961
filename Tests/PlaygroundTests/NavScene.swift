/// A scene written inline, as a client sends one: a 62 pt bar (`nav`, its top constraint `navTop`) over
/// a list that fills the rest of a 390 × 844 root down to its safe area (47 top, 34 bottom). The
/// protocol and sharing tests load it.
func navScene() -> [String: Any] { [
    "name": "nav",
    "root": ["size": [390, 844], "safeArea": [47, 0, 34, 0]],
    "views": [["id": "nav"], ["id": "list"]],
    "constraints": [
        ["id": "navTop", "first": "nav.top", "second": "root.top"],
        ["first": "nav.leading", "second": "root.leading"],
        ["first": "nav.trailing", "second": "root.trailing"],
        ["first": "nav.height", "constant": 62],
        ["first": "list.top", "second": "nav.bottom"],
        ["first": "list.leading", "second": "root.leading"],
        ["first": "list.trailing", "second": "root.trailing"],
        ["first": "list.bottom", "second": "root.safeArea.bottom"],
    ],
] }
