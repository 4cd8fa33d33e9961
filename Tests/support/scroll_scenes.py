"""Scene documents shared by the socket and browser tests of scroll views."""

# A full-screen scroll view whose content view is pinned to the four edges of the content guide and
# 1000 pt tall, with nothing fixing its width: the scrollable content width is ambiguous.
AMBIGUOUS_CONTENT_WIDTH = {
    "name": "scroll",
    "root": {"size": [375, 667]},
    "views": [{"id": "scroller", "kind": "scroll"}, {"id": "content", "parent": "scroller"}],
    "constraints": [
        {"first": "scroller.leading", "second": "root.leading"},
        {"first": "scroller.trailing", "second": "root.trailing"},
        {"first": "scroller.top", "second": "root.top"},
        {"first": "scroller.bottom", "second": "root.bottom"},
        {"first": "content.top", "second": "scroller.content.top"},
        {"first": "content.leading", "second": "scroller.content.leading"},
        {"first": "content.trailing", "second": "scroller.content.trailing"},
        {"first": "content.bottom", "second": "scroller.content.bottom"},
        {"first": "content.height", "constant": 1000},
    ],
}
