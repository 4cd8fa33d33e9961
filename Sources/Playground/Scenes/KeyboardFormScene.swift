/// The classic keyboard-avoiding form (seed article 3's scroll view variant): a scroll view of
/// labelled text fields whose `contentInset.bottom` and scroll indicator inset follow the keyboard.
///
/// On an iPhone X (375 × 812, safe area 44 top and 34 bottom, a 291 pt keyboard) `form` fills the
/// screen with `contentInsetAdjustmentBehavior` `always`, so its adjusted inset already holds the 34 pt
/// of the bottom safe area. The handlers are the article's:
/// - keyboardWillShow: `contentInset.bottom = keyboardHeight − view.safeAreaInsets.bottom` (257 pt, so
///   the adjusted inset is the keyboard's 291), the indicator inset the same, animated with the
///   keyboard's duration and curve (the handlers run inside the keyboard's animation);
/// - keyboardWillHide: both insets back to 0.
/// Each row's `edit…` action is a field becoming first responder: the keyboard comes up and the
/// field scrolls into view (`scrollRectToVisible`) in the same animation.
///
/// Rows (points, the content's coordinates): row i's label at y = 20 + 83 i (21 tall), its field 8
/// below at 49 + 83 i (34 tall), both 20 from the sides; the content is the last field's bottom plus
/// 20: 49 + 83 × 9 + 34 + 20 = 850 tall.
enum KeyboardFormScene {
    /// The fields, top to bottom: view id stem and label text.
    static let rows: [(id: String, label: String)] = [
        ("firstName", "First name"), ("lastName", "Last name"), ("email", "Email"), ("phone", "Phone"),
        ("street", "Street"), ("city", "City"), ("postcode", "Postcode"), ("country", "Country"),
        ("company", "Company"), ("notes", "Notes"),
    ]

    static var json: String {
        var views = [##"{ "id": "form", "kind": "scroll", "label": "Form", "color": "#f5f6fa", "scroll": { "contentInsetAdjustmentBehavior": "always", "contentOffset": [0, -44] } }"##]
        var constraints = [
            #"{ "id": "formTop", "first": "form.top", "second": "root.top" }"#,
            #"{ "id": "formBottom", "first": "form.bottom", "second": "root.bottom" }"#,
            #"{ "id": "formLeading", "first": "form.leading", "second": "root.leading" }"#,
            #"{ "id": "formTrailing", "first": "form.trailing", "second": "root.trailing" }"#,
            #"{ "id": "contentWidth", "first": "form.content.width", "second": "form.frame.width" }"#,
        ]
        var actions: [String] = []
        var above = "form.content.top"
        for (id, text) in rows {
            let label = "\(id)Label", field = "\(id)Field"
            views.append(##"{ "id": "\##(label)", "parent": "form", "kind": "label", "text": "\##(text)", "font": { "size": 17 }, "color": "#ffffff" }"##)
            views.append(##"{ "id": "\##(field)", "parent": "form", "kind": "textField", "placeholder": "\##(text)", "borderStyle": "roundedRect", "color": "#ffffff" }"##)
            for view in [label, field] {
                constraints.append(#"{ "id": "\#(view)Leading", "first": "\#(view).leading", "second": "form.content.leading", "constant": 20 }"#)
                constraints.append(#"{ "id": "\#(view)Trailing", "first": "\#(view).trailing", "second": "form.content.trailing", "constant": -20 }"#)
            }
            constraints.append(#"{ "id": "\#(label)Top", "first": "\#(label).top", "second": "\#(above)", "constant": 20 }"#)
            constraints.append(#"{ "id": "\#(label)Height", "first": "\#(label).height", "constant": 21 }"#)
            constraints.append(#"{ "id": "\#(field)Top", "first": "\#(field).top", "second": "\#(label).bottom", "constant": 8 }"#)
            constraints.append(#"{ "id": "\#(field)Height", "first": "\#(field).height", "constant": 34 }"#)
            above = "\(field).bottom"
            actions.append(#"""
            { "name": "edit-\#(id)", "title": "Edit \#(text)", "ops": [
              { "type": "keyboard", "show": true },
              { "type": "animate", "duration": 0.25, "curve": "keyboard", "ops": [
                { "type": "scrollRectToVisible", "view": "form", "item": "\#(field)" } ] } ] }
            """#)
        }
        constraints.append(#"{ "id": "contentBottom", "first": "form.content.bottom", "second": "\#(above)", "constant": 20 }"#)
        actions.append(#"{ "name": "hideKeyboard", "title": "Done (hide the keyboard)", "ops": [ { "type": "keyboard", "show": false } ] }"#)
        let inset = #"{ "type": "set", "view": "form", "scroll": { "contentInset": [0, 0, "$keyboard.heightAboveSafeArea", 0], "scrollIndicatorInsets": [0, 0, "$keyboard.heightAboveSafeArea", 0] } }"#
        let reset = #"{ "type": "set", "view": "form", "scroll": { "contentInset": [0, 0, 0, 0], "scrollIndicatorInsets": [0, 0, 0, 0] } }"#
        return #"""
        {
          "name": "keyboard-form", "title": "Form that scrolls above the keyboard",
          "description": "keyboardWillShow sets the scroll view's contentInset.bottom (and its indicator inset) to the keyboard height minus the bottom safe area; keyboardWillHide sets them back to 0. Editing a field scrolls it into view.",
          "root": { "device": "iphone-x" },
          "views": [
            \#(views.joined(separator: ",\n    "))
          ],
          "constraints": [
            \#(constraints.joined(separator: ",\n    "))
          ],
          "on": {
            "keyboardWillShow": [ \#(inset) ],
            "keyboardWillHide": [ \#(reset) ]
          },
          "actions": [
            \#(actions.joined(separator: ",\n    "))
          ]
        }
        """#
    }
}
