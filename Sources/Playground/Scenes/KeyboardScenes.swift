/// "A keyboard that pushes a bottom constraint" (seed article 3), in the article's three ways.
///
/// An input bar (50 pt) sits at the bottom under a message list. `keyboard` messages (216 pt, 0.25 s by
/// default) move the keyboard; the scenes react as the article's handlers do:
/// - `keyboard`: `bottomSpacing` (root.bottom == inputBar.bottom + constant) takes the keyboard height,
///   then `layoutIfNeeded` animates (keyboardWillShow / keyboardWillHide).
/// - `keyboard-guide`: the bar's bottom is pinned to `root.keyboard.top`; no handler needed.
/// - `keyboard-transform`: the root view's transform translates by −height (keyboardWillChangeFrame).
enum KeyboardScenes {
    static let bottomSpacing = scene(
        name: "keyboard", title: "Keyboard pushes a bottom constraint",
        description: "keyboardWillShow sets bottomSpacing.constant to the keyboard height and animates layoutIfNeeded with the keyboard's duration.",
        bottom: #"{ "id": "bottomSpacing", "first": "root.bottom", "second": "inputBar.bottom", "constant": 0 }"#,
        handlers: #"""
        "on": {
          "keyboardWillShow": [
            { "type": "set", "constraint": "bottomSpacing", "constant": "$keyboard.height" },
            { "type": "animate", "duration": "$keyboard.duration", "ops": [ { "type": "layoutIfNeeded", "view": "root" } ] } ],
          "keyboardWillHide": [
            { "type": "set", "constraint": "bottomSpacing", "constant": 0 },
            { "type": "animate", "duration": "$keyboard.duration", "ops": [ { "type": "layoutIfNeeded", "view": "root" } ] } ]
        },
        """#,
        extraActions: #"""
        , { "name": "constantWithoutLayout", "title": "Bug: set bottomSpacing inside animate, no layoutIfNeeded", "ops": [
            { "type": "animate", "duration": 2, "ops": [ { "type": "set", "constraint": "bottomSpacing", "constant": 80 } ] } ] }
        """#,
        steps: (show: "Show the keyboard: keyboardWillShow sets bottomSpacing to its height (216) and animates layoutIfNeeded with its duration",
                hide: "Hide it: keyboardWillHide sets bottomSpacing back to 0, animated the same way",
                extra: #"""
        , { "title": "The bug: bottomSpacing set to 80 inside a 2 s block with no layoutIfNeeded: the bar jumps", "ops": [
            { "type": "action", "name": "constantWithoutLayout" } ] }
        """#))

    static let layoutGuide = scene(
        name: "keyboard-guide", title: "Input bar pinned to the keyboard layout guide",
        description: "inputBar.bottom == root.keyboard.top: the bar follows the keyboard with no handler.",
        bottom: #"{ "id": "inputBottom", "first": "inputBar.bottom", "second": "root.keyboard.top" }"#,
        handlers: "", extraActions: "",
        steps: (show: "Show the keyboard: inputBar.bottom is pinned to root.keyboard.top, so the bar rides up with no handler",
                hide: "Hide it: the guide's top goes back to the safe area's bottom, and the bar with it", extra: ""))

    static let transform = scene(
        name: "keyboard-transform", title: "Keyboard moves the root view's transform",
        description: "keyboardWillChangeFrame animates the root view's transform to a translation of minus the keyboard height; no constraint changes.",
        bottom: #"{ "id": "inputBottom", "first": "inputBar.bottom", "second": "root.bottom" }"#,
        handlers: #"""
        "on": {
          "keyboardWillChangeFrame": [
            { "type": "animate", "duration": "$keyboard.duration", "ops": [
              { "type": "set", "view": "root", "transform": [1, 0, 0, 1, 0, "-$keyboard.height"] } ] } ]
        },
        """#,
        extraActions: "",
        steps: (show: "Show the keyboard: keyboardWillChangeFrame translates the root view by -216; no constraint changes",
                hide: "Hide it: the transform goes back to identity; every frame stayed the same throughout", extra: ""))

    /// A keyboard scene's document; `steps` gives the titles of its show and hide steps and any steps
    /// after them (JSON text starting with a comma).
    private static func scene(name: String, title: String, description: String, bottom: String,
                              handlers: String, extraActions: String,
                              steps: (show: String, hide: String, extra: String)) -> String {
        #"""
        {
          "name": "\#(name)", "title": "\#(title)", "description": "\#(description)",
          "root": { "size": [375, 667], "safeArea": [20, 0, 0, 0], "scale": 2 },
          "views": [
            { "id": "messages", "label": "Messages", "color": "#dfe6e9" },
            { "id": "inputBar", "label": "Input bar", "color": "#34495e" },
            { "id": "textField", "parent": "inputBar", "label": "Message…", "color": "#ffffff" },
            { "id": "sendButton", "parent": "inputBar", "label": "Send", "color": "#4a90e2", "intrinsicSize": [60, 34] }
          ],
          "constraints": [
            { "id": "messagesTop", "first": "messages.top", "second": "root.safeArea.top" },
            { "id": "messagesLeading", "first": "messages.leading", "second": "root.leading" },
            { "id": "messagesTrailing", "first": "messages.trailing", "second": "root.trailing" },
            { "id": "messagesBottom", "first": "messages.bottom", "second": "inputBar.top" },
            { "id": "barLeading", "first": "inputBar.leading", "second": "root.leading" },
            { "id": "barTrailing", "first": "inputBar.trailing", "second": "root.trailing" },
            { "id": "barHeight", "first": "inputBar.height", "constant": 50 },
            \#(bottom),
            { "id": "fieldLeading", "first": "textField.leading", "second": "inputBar.leading", "constant": 8 },
            { "id": "fieldCenterY", "first": "textField.centerY", "second": "inputBar.centerY" },
            { "id": "fieldHeight", "first": "textField.height", "constant": 34 },
            { "id": "fieldToSend", "first": "textField.trailing", "second": "sendButton.leading", "constant": -8 },
            { "id": "sendTrailing", "first": "sendButton.trailing", "second": "inputBar.trailing", "constant": -8 },
            { "id": "sendCenterY", "first": "sendButton.centerY", "second": "inputBar.centerY" }
          ],
          \#(handlers)
          "actions": [
            { "name": "showKeyboard", "title": "Show the keyboard", "ops": [ { "type": "keyboard", "show": true } ] },
            { "name": "hideKeyboard", "title": "Hide the keyboard", "ops": [ { "type": "keyboard", "show": false } ] }
            \#(extraActions)
          ],
          "steps": [
            { "title": "The input bar sits at the bottom under the messages; the keyboard is hidden", "ops": [] },
            { "title": "\#(steps.show)", "ops": [ { "type": "keyboard", "show": true } ] },
            { "title": "\#(steps.hide)", "ops": [ { "type": "keyboard", "show": false } ] }
            \#(steps.extra)
          ]
        }
        """#
    }
}
