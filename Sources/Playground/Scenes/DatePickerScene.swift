/// "A date picker that slides up while the root view's bounds shift" (seed article 1).
///
/// The picker container hangs below the screen (`pickerTop` = 667). Tapping the birthday button sets
/// `pickerTop` to the button's bottom edge (544) and, in one 0.25 s animation, shifts the root's
/// `bounds.origin.y` by the gap 544 − (667 − 207) = 84 and lays out: on screen the picker rises to
/// 544 − 84 = 460 = 667 − 207 and the form scrolls up by 84 without any frame of it changing.
enum DatePickerScene {
    static let json = #"""
    {
      "name": "date-picker",
      "title": "Date picker and root bounds",
      "description": "Tap the birthday button: the picker's top constant moves to the button's bottom (544) and the root's bounds.origin.y shifts by the gap (84) in one 0.25 s animation.",
      "root": { "size": [375, 667], "safeArea": [20, 0, 0, 0], "scale": 2 },
      "views": [
        { "id": "header", "label": "Profile", "color": "#34495e" },
        { "id": "nameField", "label": "Name", "color": "#4a90e2" },
        { "id": "emailField", "label": "Email", "color": "#4a90e2" },
        { "id": "bioField", "label": "About me", "color": "#5dade2" },
        { "id": "birthdayLabel", "label": "Birthday", "color": "#95a5a6", "intrinsicSize": [80, 21] },
        { "id": "birthdayButton", "label": "1990-01-01 ▾", "color": "#e8a33d", "intrinsicSize": [160, 44] },
        { "id": "pickerContainer", "label": "Date picker view", "color": "#dfe6e9" },
        { "id": "doneButton", "parent": "pickerContainer", "label": "Done", "color": "#50b37f", "intrinsicSize": [60, 30] },
        { "id": "datePicker", "parent": "pickerContainer", "label": "UIDatePicker", "color": "#b2bec3" }
      ],
      "constraints": [
        { "id": "headerTop", "first": "header.top", "second": "root.safeArea.top", "constant": 16 },
        { "id": "headerLeading", "first": "header.leading", "second": "root.leading", "constant": 20 },
        { "id": "headerTrailing", "first": "header.trailing", "second": "root.trailing", "constant": -20 },
        { "id": "headerHeight", "first": "header.height", "constant": 44 },
        { "id": "nameTop", "first": "nameField.top", "second": "header.bottom", "constant": 24 },
        { "id": "nameLeading", "first": "nameField.leading", "second": "root.leading", "constant": 20 },
        { "id": "nameTrailing", "first": "nameField.trailing", "second": "root.trailing", "constant": -20 },
        { "id": "nameHeight", "first": "nameField.height", "constant": 44 },
        { "id": "emailTop", "first": "emailField.top", "second": "nameField.bottom", "constant": 16 },
        { "id": "emailLeading", "first": "emailField.leading", "second": "root.leading", "constant": 20 },
        { "id": "emailTrailing", "first": "emailField.trailing", "second": "root.trailing", "constant": -20 },
        { "id": "emailHeight", "first": "emailField.height", "constant": 44 },
        { "id": "bioTop", "first": "bioField.top", "second": "emailField.bottom", "constant": 16 },
        { "id": "bioLeading", "first": "bioField.leading", "second": "root.leading", "constant": 20 },
        { "id": "bioTrailing", "first": "bioField.trailing", "second": "root.trailing", "constant": -20 },
        { "id": "bioHeight", "first": "bioField.height", "constant": 200 },
        { "id": "birthdayTop", "first": "birthdayButton.top", "second": "bioField.bottom", "constant": 76 },
        { "id": "birthdayTrailing", "first": "birthdayButton.trailing", "second": "root.trailing", "constant": -20 },
        { "id": "birthdayLabelLeading", "first": "birthdayLabel.leading", "second": "root.leading", "constant": 20 },
        { "id": "birthdayLabelCenterY", "first": "birthdayLabel.centerY", "second": "birthdayButton.centerY" },
        { "id": "pickerTop", "first": "pickerContainer.top", "second": "root.top", "constant": 667 },
        { "id": "pickerLeading", "first": "pickerContainer.leading", "second": "root.leading" },
        { "id": "pickerTrailing", "first": "pickerContainer.trailing", "second": "root.trailing" },
        { "id": "pickerHeight", "first": "pickerContainer.height", "constant": 207 },
        { "id": "doneTop", "first": "doneButton.top", "second": "pickerContainer.top", "constant": 8 },
        { "id": "doneTrailing", "first": "doneButton.trailing", "second": "pickerContainer.trailing", "constant": -16 },
        { "id": "datePickerTop", "first": "datePicker.top", "second": "doneButton.bottom", "constant": 8 },
        { "id": "datePickerLeading", "first": "datePicker.leading", "second": "pickerContainer.leading" },
        { "id": "datePickerTrailing", "first": "datePicker.trailing", "second": "pickerContainer.trailing" },
        { "id": "datePickerBottom", "first": "datePicker.bottom", "second": "pickerContainer.bottom" }
      ],
      "actions": [
        { "name": "showPicker", "title": "Tap birthday: show the picker", "ops": [
          { "type": "set", "constraint": "pickerTop", "constant": 544 },
          { "type": "animate", "duration": 0.25, "ops": [
            { "type": "set", "view": "root", "bounds": [0, 84, 375, 667] },
            { "type": "layoutIfNeeded", "view": "root" } ] } ] },
        { "name": "hidePicker", "title": "Tap birthday again: hide the picker", "ops": [
          { "type": "set", "constraint": "pickerTop", "constant": 667 },
          { "type": "animate", "duration": 0.25, "ops": [
            { "type": "set", "view": "root", "bounds": [0, 0, 375, 667] },
            { "type": "layoutIfNeeded", "view": "root" } ] } ] },
        { "name": "showPickerWithoutLayout", "title": "Bug: set the constant inside animate, no layoutIfNeeded", "ops": [
          { "type": "animate", "duration": 0.25, "ops": [
            { "type": "set", "constraint": "pickerTop", "constant": 544 },
            { "type": "set", "view": "root", "bounds": [0, 84, 375, 667] } ] } ] }
      ],
      "steps": [
        { "title": "The date picker waits below the screen: pickerTop is 667, the root's bounds.origin.y 0", "ops": [] },
        { "title": "Tap birthday: pickerTop becomes 544 and bounds.origin.y 84 in one animation, so the picker rises to 460", "ops": [
          { "type": "action", "name": "showPicker" } ] },
        { "title": "The form moved up by 84 while no frame of it changed: only the root's bounds origin did", "ops": [] },
        { "title": "Tap again: pickerTop back to 667, bounds.origin.y back to 0", "ops": [
          { "type": "action", "name": "hidePicker" } ] },
        { "title": "The bug: the constant set inside the block with no layoutIfNeeded: the picker jumps, only the bounds animate", "ops": [
          { "type": "action", "name": "showPickerWithoutLayout" } ] }
      ]
    }
    """#
}
