"""The bar scene shared by the socket and deploy tests of sessions, sharing and rejoining."""

# A 40 pt bar whose top the animation moves from 100 to 300 (linear curve: half way is 200).
BAR_SCENE = {
    "name": "bar", "root": {"size": [375, 667]},
    "views": [{"id": "bar", "parent": "root"}],
    "constraints": [
        {"id": "top", "first": "bar.top", "second": "root.top", "constant": 100},
        {"first": "bar.leading", "second": "root.leading"},
        {"first": "bar.width", "constant": 200},
        {"first": "bar.height", "constant": 40},
    ],
}
