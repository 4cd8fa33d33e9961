import Foundation
import Testing
@testable import Playground

/// `export`: the scene as UIKit code and as its scene document.
@Suite struct ExportTests {
    private func export(_ client: SessionClient, _ format: String) -> [String: Any] {
        client.send(["type": "export", "format": format, "id": "export"]).last ?? [:]
    }

    private func swiftCode(scene: [String: Any]? = nil, name: String? = nil) -> (String, SessionClient) {
        let client = SessionClient()
        if let scene { client.send(["type": "load", "scene": scene]) }
        if let name { client.send(["type": "load", "name": name]) }
        let reply = export(client, "swift")
        #expect(reply["type"] as? String == "export")
        #expect(reply["re"] as? String == "export")
        #expect(reply["format"] as? String == "swift")
        return (reply["text"] as? String ?? "", client)
    }

    /// The lines of the code without their leading and trailing spaces.
    private func lines(_ code: String) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func datePickerGolden() throws {
        let (code, client) = swiftCode(name: "date-picker")
        let lines = lines(code)
        for expected in [
            "import UIKit",
            "func layoutDatePicker(in root: UIView) {",
            "let pickerContainer = UIView()",
            "pickerContainer.translatesAutoresizingMaskIntoConstraints = false",
            "root.addSubview(pickerContainer)",
            "pickerContainer.addSubview(doneButton)",
            "NSLayoutConstraint.activate([",
            "pickerContainer.topAnchor.constraint(equalTo: root.topAnchor, constant: 667), // pickerTop",
            "pickerContainer.heightAnchor.constraint(equalToConstant: 207), // pickerHeight",
            "doneButton.trailingAnchor.constraint(equalTo: pickerContainer.trailingAnchor, constant: -16), // doneTrailing",
            "birthdayLabel.centerYAnchor.constraint(equalTo: birthdayButton.centerYAnchor), // birthdayLabelCenterY",
            "final class IntrinsicView: UIView {",
            "])",
        ] {
            #expect(lines.contains(expected), "missing line: \(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor") })
        #expect(lines.contains { $0.hasPrefix("let birthdayLabel = IntrinsicView(width: 80") })
        // One line per constraint of the scene, each ending in its id.
        let reply = client.send(["type": "scene", "id": 1]).last
        let constraints = (reply?["scene"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
        let ids = constraints.compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty)
        let constraintLines = lines.filter { $0.contains(".constraint(") || $0.contains("NSLayoutConstraint(item:") }
        #expect(constraintLines.count == ids.count)
        for id in ids {
            #expect(lines.contains { $0.hasSuffix("// \(id)") || $0.contains("// \(id) (broken") || $0.contains("= \"\(id)\"") },
                    "no line for \(id)")
        }
        // Every view is created once and added to its parent.
        let views = (reply?["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        for view in views {
            let id = try #require(view["id"] as? String)
            #expect(lines.filter { $0.hasPrefix("let \(id) = ") }.count == 1, "\(id) is not created once")
            #expect(lines.contains { $0.hasSuffix("addSubview(\(id))") }, "\(id) is not added")
        }
        try checkIdentifiers(code)
    }

    @Test func jsonIsTheSceneDocument() throws {
        let client = SessionClient()
        client.send(["type": "load", "name": "date-picker"])
        let reply = export(client, "json")
        #expect(reply["format"] as? String == "json")
        let text = try #require(reply["text"] as? String)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let scene = client.send(["type": "scene", "id": 1]).last?["scene"] as? [String: Any]
        #expect(document["name"] as? String == "date-picker")
        #expect((document["constraints"] as? [Any])?.count == (scene?["constraints"] as? [Any])?.count)
        #expect((document["views"] as? [Any])?.count == (scene?["views"] as? [Any])?.count)
        // It loads back to the same frames.
        let again = SessionClient()
        again.send(["type": "load", "scene": document])
        expectFrame(again.frame("birthdayButton"), client.frame("birthdayButton"))
    }

    @Test func anchorsPrioritiesMultipliersGuidesAndStacks() throws {
        let scene: [String: Any] = [
            "name": "features",
            "views": [
                ["id": "a", "color": "#ff8000", "label": "Say \"hi\"\n", "alpha": 0.5],
                ["id": "b", "intrinsicSize": [-1, 30], "contentHugging": [251, 250]],
                ["id": "s", "stack": ["axis": "vertical", "distribution": "fillEqually", "alignment": "center",
                                      "spacing": 8, "isLayoutMarginsRelativeArrangement": true,
                                      "arranged": ["x", "y"]]],
                ["id": "x", "parent": "s", "hidden": true],
                ["id": "y", "parent": "s"],
            ],
            "constraints": [
                ["id": "aTop", "first": "a.top", "second": "root.safeArea.top", "constant": 8, "priority": 750],
                ["id": "aLeading", "first": "a.leading", "second": "root.leadingMargin"],
                ["id": "aWidth", "first": "a.width", "second": "b.width", "multiplier": 0.5],
                ["id": "aCenter", "first": "a.centerX", "second": "root.centerX", "multiplier": 0.5],
                ["id": "bBottom", "first": "b.bottom", "relation": "<=", "second": "root.keyboard.top",
                 "constant": -8],
                ["id": "bHeight", "first": "b.height", "relation": ">=", "constant": 10],
                ["id": "off", "first": "b.leading", "second": "root.leading", "active": false],
            ],
        ]
        let (code, _) = swiftCode(scene: scene)
        let lines = lines(code)
        for expected in [
            "a.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8).withPriority(750), // aTop",
            "a.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor), // aLeading",
            "a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5), // aWidth",
            "NSLayoutConstraint(item: a, attribute: .centerX, relatedBy: .equal, toItem: root, attribute: .centerX, multiplier: 0.5, constant: 0), // aCenter",
            "b.bottomAnchor.constraint(lessThanOrEqualTo: root.keyboardLayoutGuide.topAnchor, constant: -8), // bBottom",
            "b.heightAnchor.constraint(greaterThanOrEqualToConstant: 10), // bHeight",
            "let offConstraint = b.leadingAnchor.constraint(equalTo: root.leadingAnchor)",
            "offConstraint.identifier = \"off\"",
            "a.backgroundColor = UIColor(red: 1, green: 0.502, blue: 0, alpha: 1) // #ff8000",
            "a.accessibilityLabel = \"Say \\\"hi\\\"\\n\"",
            "a.alpha = 0.5",
            "let b = IntrinsicView(width: UIView.noIntrinsicMetric, height: 30)",
            "b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)",
            "let s = UIStackView()",
            "s.axis = .vertical",
            "s.distribution = .fillEqually",
            "s.alignment = .center",
            "s.spacing = 8",
            "s.isLayoutMarginsRelativeArrangement = true",
            "s.addArrangedSubview(x)",
            "s.addArrangedSubview(y)",
            "x.isHidden = true",
            "func withPriority(_ priority: Float) -> NSLayoutConstraint {",
        ] {
            #expect(lines.contains(expected), "missing line: \(expected)")
        }
        // Arranged views are added by addArrangedSubview, in order, after both exist.
        #expect(!lines.contains("s.addSubview(x)"))
        let xIndex = try #require(lines.firstIndex(of: "s.addArrangedSubview(x)"))
        let yIndex = try #require(lines.firstIndex(of: "let y = UIView()"))
        #expect(yIndex < xIndex)
        try checkIdentifiers(code)
    }

    @Test func idsBecomeValidIdentifiers() throws {
        let ids = ["my-view", "class", "1st", "a_b", "aB", "a-b", "self", "UIView", "IntrinsicView", "x--y", "_", "-"]
        let scene: [String: Any] = [
            "name": "3 odd-names!",
            "views": ids.map { ["id": $0] },
            "constraints": ids.map { ["id": "c-\($0)", "first": "\($0).width", "constant": 10, "active": false] },
        ]
        let (code, _) = swiftCode(scene: scene)
        let declared = try checkIdentifiers(code)
        // Every view and inactive constraint got its own name; none clash.
        #expect(Set(declared).count == declared.count)
        #expect(declared.count == ids.count * 2)
        #expect(declared.contains("myView"))
        #expect(declared.contains("classView"))
        #expect(declared.contains("view1st"))
        #expect(declared.contains("aB") && declared.contains("aB2"))
        #expect(code.contains("func layoutScene3OddNames(in root: UIView) {"))
    }

    @Test func badExportsAreRefused() {
        let client = SessionClient()
        #expect(client.send(["type": "export", "id": 1]).last?["code"] as? String == "missing-field")
        #expect(client.send(["type": "export", "format": "xml", "id": 2]).last?["code"] as? String == "invalid-field")
        let nested = client.send(["type": "batch", "id": 3, "ops": [["type": "export", "format": "swift"]]])
        #expect(nested.last?["code"] as? String == "invalid-op")
        // The empty scene exports too.
        #expect((export(client, "swift")["text"] as? String)?.contains("func layoutEmpty(in root: UIView) {") == true)
    }

    /// Checks that every name the code declares (`let`, `func`, `class`) is a valid Swift identifier and
    /// that outside comments and string literals no identifier-like token contains a character Swift
    /// does not allow. Returns the names declared with `let` inside the layout function.
    @discardableResult
    private func checkIdentifiers(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        var declared: [String] = []
        for rawLine in code.split(separator: "\n") {
            let line = strippingCommentsAndStrings(String(rawLine))
            let words = line.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where ["let", "func", "class", "var"].contains(word) {
                guard index + 1 < words.count else { continue }
                var name = words[index + 1]
                if let cut = name.firstIndex(where: { "(:<".contains($0) }) { name = String(name[..<cut]) }
                #expect(SwiftExporter.isValidIdentifier(name), "invalid identifier '\(name)' in: \(rawLine)",
                        sourceLocation: sourceLocation)
                if word == "let", rawLine.hasPrefix("    let ") { declared.append(name) }
            }
            // A '-' between two identifier characters would make an id like my-view appear in code.
            let scalars = Array(line.unicodeScalars)
            for i in scalars.indices.dropFirst().dropLast() where scalars[i] == "-" {
                let before = scalars[i - 1], after = scalars[i + 1]
                let isWord = { (s: Unicode.Scalar) in s.properties.isAlphabetic || s == "_" }
                #expect(!(isWord(before) && isWord(after)), "hyphenated name in: \(rawLine)",
                        sourceLocation: sourceLocation)
            }
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII code in: \(rawLine)",
                    sourceLocation: sourceLocation)
        }
        return declared
    }

    private func strippingCommentsAndStrings(_ line: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    result.append("\"")
                }
                continue
            }
            if character == "/", previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" { inString = true }
            result.append(character)
            previous = character
        }
        return result
    }
}
