/// "A search bar that pushes a nav bar off screen" (seed article 2).
///
/// Focusing the search bar sets `navTop` to −62 (the nav view's own height) and, in a 0.25 s animation,
/// lays out and fades the cover to alpha 0.4; the search bar, pinned under the nav view, rises to the
/// top. As `setShowsCancelButton:animated:` does, the field's trailing constraint gives way to one
/// that ends at the Cancel button (swapping `isActive`), and the button fades in. Cancel reverses all.
enum SearchBarScene {
    static let json = #"""
    {
      "name": "search-bar",
      "title": "Search bar pushes the nav bar away",
      "description": "Focus the search bar: navTop goes from 0 to -62 and the cover fades to 0.4 in 0.25 s; cancel reverses.",
      "root": { "size": [375, 667], "safeArea": [20, 0, 0, 0], "scale": 2 },
      "views": [
        { "id": "navView", "label": "Nav view", "color": "#2c3e50" },
        { "id": "titleLabel", "parent": "navView", "label": "Title", "color": "#ecf0f1", "intrinsicSize": [120, 22] },
        { "id": "searchBar", "label": "UISearchBar", "color": "#4db3b3" },
        { "id": "searchField", "parent": "searchBar", "label": "Search", "color": "#ffffff" },
        { "id": "cancelButton", "parent": "searchBar", "label": "Cancel", "color": "#4db3b3", "alpha": 0, "intrinsicSize": [60, 28] },
        { "id": "tableView", "label": "Table view", "color": "#dfe6e9" },
        { "id": "cover", "label": "Cover", "color": "#000000", "alpha": 0 }
      ],
      "constraints": [
        { "id": "navTop", "first": "navView.top", "second": "root.top", "constant": 0 },
        { "id": "navLeading", "first": "navView.leading", "second": "root.leading" },
        { "id": "navTrailing", "first": "navView.trailing", "second": "root.trailing" },
        { "id": "navHeight", "first": "navView.height", "constant": 62 },
        { "id": "titleCenterX", "first": "titleLabel.centerX", "second": "navView.centerX" },
        { "id": "titleBottom", "first": "titleLabel.bottom", "second": "navView.bottom", "constant": -10 },
        { "id": "searchTop", "first": "searchBar.top", "second": "navView.bottom" },
        { "id": "searchLeading", "first": "searchBar.leading", "second": "root.leading" },
        { "id": "searchTrailing", "first": "searchBar.trailing", "second": "root.trailing" },
        { "id": "searchHeight", "first": "searchBar.height", "constant": 44 },
        { "id": "fieldLeading", "first": "searchField.leading", "second": "searchBar.leading", "constant": 8 },
        { "id": "fieldTrailing", "first": "searchField.trailing", "second": "searchBar.trailing", "constant": -8 },
        { "id": "fieldTop", "first": "searchField.top", "second": "searchBar.top", "constant": 8 },
        { "id": "fieldBottom", "first": "searchField.bottom", "second": "searchBar.bottom", "constant": -8 },
        { "id": "fieldToCancel", "first": "searchField.trailing", "second": "cancelButton.leading", "constant": -8, "active": false },
        { "id": "cancelTrailing", "first": "cancelButton.trailing", "second": "searchBar.trailing", "constant": -8 },
        { "id": "cancelCenterY", "first": "cancelButton.centerY", "second": "searchBar.centerY" },
        { "id": "tableTop", "first": "tableView.top", "second": "searchBar.bottom" },
        { "id": "tableLeading", "first": "tableView.leading", "second": "root.leading" },
        { "id": "tableTrailing", "first": "tableView.trailing", "second": "root.trailing" },
        { "id": "tableBottom", "first": "tableView.bottom", "second": "root.bottom" },
        { "id": "coverTop", "first": "cover.top", "second": "searchBar.bottom" },
        { "id": "coverLeading", "first": "cover.leading", "second": "root.leading" },
        { "id": "coverTrailing", "first": "cover.trailing", "second": "root.trailing" },
        { "id": "coverBottom", "first": "cover.bottom", "second": "root.bottom" }
      ],
      "actions": [
        { "name": "focus", "title": "Focus the search bar", "ops": [
          { "type": "set", "constraint": "navTop", "constant": -62 },
          { "type": "set", "constraint": "fieldTrailing", "active": false },
          { "type": "set", "constraint": "fieldToCancel", "active": true },
          { "type": "animate", "duration": 0.25, "ops": [
            { "type": "layoutIfNeeded", "view": "root" },
            { "type": "set", "view": "cover", "alpha": 0.4 },
            { "type": "set", "view": "cancelButton", "alpha": 1 } ] } ] },
        { "name": "cancel", "title": "Cancel", "ops": [
          { "type": "set", "constraint": "navTop", "constant": 0 },
          { "type": "set", "constraint": "fieldToCancel", "active": false },
          { "type": "set", "constraint": "fieldTrailing", "active": true },
          { "type": "animate", "duration": 0.25, "ops": [
            { "type": "layoutIfNeeded", "view": "root" },
            { "type": "set", "view": "cover", "alpha": 0 },
            { "type": "set", "view": "cancelButton", "alpha": 0 } ] } ] }
      ],
      "steps": [
        { "title": "The nav view sits on top (navTop 0) and the search bar is pinned under it", "ops": [] },
        { "title": "Focus: navTop becomes -62, the nav view's own height, and layoutIfNeeded in the block slides it off screen", "ops": [
          { "type": "action", "name": "focus" } ] },
        { "title": "The search bar rose with it; the cover faded to 0.4 and the field now ends at the Cancel button", "ops": [] },
        { "title": "Cancel: navTop back to 0, the constraints swapped back, cover and Cancel fade out", "ops": [
          { "type": "action", "name": "cancel" } ] }
      ]
    }
    """#
}
