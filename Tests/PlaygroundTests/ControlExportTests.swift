import Foundation
import Testing
@testable import Playground

/// `export` as Swift of labels, buttons, text fields and scroll views: UIKit classes with their text,
/// fonts, lines and insets, and constraints on `contentLayoutGuide` / `frameLayoutGuide`.
@Suite struct ControlExportTests {
    /// The trimmed lines of the Swift export of the session's scene.
    private func exportedLines(_ client: SessionClient) -> [String] {
        let reply = client.send(["type": "export", "format": "swift", "id": "export"]).last ?? [:]
        let code = reply["text"] as? String ?? ""
        return code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func expectLines(_ expected: [String], in lines: [String]) {
        for line in expected { #expect(lines.contains(line), "missing line: \(line)") }
    }

    @Test func keyboardFormExportsItsScrollViewAndFields() {
        let client = SessionClient()
        client.send(["type": "load", "name": "keyboard-form"])
        let lines = exportedLines(client)
        expectLines([
            "let form = UIScrollView()",
            "form.contentInsetAdjustmentBehavior = .always",
            "form.contentOffset = CGPoint(x: 0, y: -44)",
            "let emailLabel = UILabel()",
            "emailLabel.text = \"Email\"",
            "emailLabel.font = UIFont.systemFont(ofSize: 17, weight: .regular)",
            "form.addSubview(emailLabel)",
            "let emailField = UITextField()",
            "emailField.placeholder = \"Email\"",
            "emailField.font = UIFont.systemFont(ofSize: 17, weight: .regular)",
            "emailField.borderStyle = .roundedRect",
            "form.contentLayoutGuide.widthAnchor.constraint(equalTo: form.frameLayoutGuide.widthAnchor), // contentWidth",
            "emailLabel.leadingAnchor.constraint(equalTo: form.contentLayoutGuide.leadingAnchor, constant: 20), // emailLabelLeading",
            "form.contentLayoutGuide.bottomAnchor.constraint(equalTo: notesField.bottomAnchor, constant: 20), // contentBottom",
        ], in: lines)
        // Controls are UIKit's own classes, not stand-ins with a fixed size; the offset is not written twice.
        #expect(!lines.contains { $0.contains("IntrinsicView") })
        #expect(!lines.contains { $0.hasPrefix("form.bounds.origin") })
        #expect(!lines.contains { $0.hasPrefix("form.contentInset =") })
    }

    @Test func keyboardInsetsAreExported() {
        let client = SessionClient()
        client.send(["type": "load", "name": "keyboard-form"])
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "keyboard", "show": true])
        // iPhone X: 291 − 34 = 257.
        expectLines([
            "form.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 257, right: 0)",
            "form.verticalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 0, bottom: 257, right: 0)",
        ], in: exportedLines(client))
    }

    @Test func labelsAndButtonsKeepTheirTextProperties() {
        let client = SessionClient()
        client.send(["type": "load", "scene": [
            "name": "controls",
            "views": [
                ["id": "body", "kind": "label", "text": "Two\nlines", "font": ["textStyle": "headline"],
                 "numberOfLines": 0, "textAlignment": "center"],
                ["id": "send", "kind": "button", "title": "Send", "contentEdgeInsets": [4, 10, 4, 10]],
                ["id": "name", "kind": "textField", "text": "Ada", "font": ["size": 20, "weight": "semibold"]],
            ],
        ] as [String: Any]])
        expectLines([
            "let body = UILabel()",
            "body.text = \"Two\\nlines\"",
            "body.font = UIFont.preferredFont(forTextStyle: .headline)",
            "body.numberOfLines = 0",
            "body.textAlignment = .center",
            "let send = UIButton(type: .system)",
            "send.setTitle(\"Send\", for: .normal)",
            "send.titleLabel?.font = UIFont.systemFont(ofSize: 15, weight: .regular)",
            "send.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)",
            "let name = UITextField()",
            "name.text = \"Ada\"",
            "name.font = UIFont.systemFont(ofSize: 20, weight: .semibold)",
        ], in: exportedLines(client))
    }
}
