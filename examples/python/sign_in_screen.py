"""The screen the examples test: a sign-in screen as a scene document, built the way a view
controller's `viewDidLoad` would pin it to the safe area.

    header   16 pt inside the safe area's top, leading and trailing edges; 44 tall
    button   16 pt inside the safe area's sides, 20 pt above its bottom; 50 tall
    content  fills between them with 8 pt gaps

So on a root of size W × H with safe area insets (t, l, b, r) the frames are
    header  [l + 16, t + 16,      W − l − r − 32, 44]
    button  [l + 16, H − b − 70,  W − l − r − 32, 50]
    content [l + 16, t + 68,      W − l − r − 32, (H − b − 78) − (t + 68)]
every value a whole point, so the scale's pixel rounding changes nothing.
"""

SIGN_IN = {
    "name": "sign-in",
    "views": [{"id": "header"}, {"id": "content"}, {"id": "button"}],
    "constraints": [
        {"id": "headerTop", "equation": "header.top == root.safeArea.top + 16"},
        {"id": "headerLeading", "equation": "header.leading == root.safeArea.leading + 16"},
        {"id": "headerTrailing", "equation": "header.trailing == root.safeArea.trailing - 16"},
        {"id": "headerHeight", "equation": "header.height == 44"},
        {"id": "buttonBottom", "equation": "button.bottom == root.safeArea.bottom - 20"},
        {"id": "buttonLeading", "equation": "button.leading == header.leading"},
        {"id": "buttonTrailing", "equation": "button.trailing == header.trailing"},
        {"id": "buttonHeight", "equation": "button.height == 50"},
        {"id": "contentTop", "equation": "content.top == header.bottom + 8"},
        {"id": "contentBottom", "equation": "content.bottom == button.top - 8"},
        {"id": "contentLeading", "equation": "content.leading == header.leading"},
        {"id": "contentTrailing", "equation": "content.trailing == header.trailing"},
    ],
}
