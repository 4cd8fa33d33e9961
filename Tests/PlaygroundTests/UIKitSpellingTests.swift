import Testing
@testable import Playground

/// Equations and anchors written as UIKit writes them (`×`, `−`, `topAnchor`, `view.safeAreaLayoutGuide`),
/// through a `Session`: the `add` equation, a document's `equation` form and its `first`/`second` fields.
@Suite struct UIKitSpellingTests {
    /// A 375 × 667 root with a 20 pt top safe area (the 20 pt status bar) and views navView and card.
    private func client() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [375, 667], "safeArea": [20, 0, 0, 0]],
                                               "views": [["id": "navView"], ["id": "card"]]]])
        return client
    }

    private func add(_ client: SessionClient, _ equation: String) -> [String: Any]? {
        client.send(["type": "add", "constraint": equation, "id": "add"]).last
    }

    @Test func timesAndMinusSignsAsUIKitPrintsThem() {
        let client = client()
        #expect(add(client, "navView.top == root.top × 1 − 20")?["type"] as? String == "added")
        #expect(add(client, "navView.height == root.height × 0.5 + 10")?["type"] as? String == "added")
        #expect(add(client, "navView.leading == root.leading")?["type"] as? String == "added")
        #expect(add(client, "navView.width == 2 × card.width")?["type"] as? String == "added")
        #expect(add(client, "card.width == −50 × −2")?["type"] as? String == "error")  // a constant takes no multiplier
        #expect(add(client, "card.width == 100")?["type"] as? String == "added")
        // top = 0 × 1 − 20 = −20; height = 667 × 0.5 + 10 = 343.5; width = 2 × 100 = 200.
        expectFrame(client.frame("navView"), [0, -20, 200, 343.5])
        #expect(add(client, "card.height == −5 + root.height")?["type"] as? String == "error")
    }

    @Test func anchorsAndGuidesByTheirUIKitNames() {
        let client = client()
        #expect(add(client, "navView.topAnchor == view.safeAreaLayoutGuide.topAnchor")?["type"] as? String == "added")
        #expect(add(client, "navView.leadingAnchor == view.layoutMarginsGuide.leadingAnchor")?["type"] as? String == "added")
        #expect(add(client, "navView.widthAnchor == view.widthAnchor × 0.5")?["type"] as? String == "added")
        #expect(add(client, "navView.heightAnchor == 44")?["type"] as? String == "added")
        #expect(add(client, "card.bottomAnchor == view.keyboardLayoutGuide.topAnchor")?["type"] as? String == "added")
        #expect(add(client, "card.centerXAnchor == view.centerXAnchor")?["type"] as? String == "added")
        #expect(add(client, "card.widthAnchor == 100")?["type"] as? String == "added")
        #expect(add(client, "card.heightAnchor == 40")?["type"] as? String == "added")
        // navView: top at the safe area's 20; leading at the root's margin, 16 pt (UIKit's system minimum
        // margins of a view controller's root view on an iPhone); 375 × 0.5 = 187.5 wide, 44 tall.
        expectFrame(client.frame("navView"), [16, 20, 187.5, 44])
        // card: the keyboard guide's top is the root's bottom less the bottom safe area (0): 667 − 40 = 627;
        // centred: (375 − 100) / 2 = 137.5.
        expectFrame(client.frame("card"), [137.5, 627, 100, 40])
        // The constraints are the playground's own: they print with its names.
        let scene = client.send(["type": "scene", "id": "s"]).last?["scene"] as? [String: Any]
        let constraints = scene?["constraints"] as? [[String: Any]] ?? []
        #expect(constraints.first?["second"] as? String == "root.safeArea.top")
    }

    @Test func aViewNamedViewIsThatViewNotTheRoot() {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [375, 667]],
                                               "views": [["id": "view"], ["id": "box"]],
                                               "constraints": [["first": "view.top", "second": "root.top", "constant": 100],
                                                               ["first": "view.leading", "second": "root.leading"],
                                                               ["first": "view.width", "constant": 10],
                                                               ["first": "view.height", "constant": 50]]]])
        #expect(add(client, "box.topAnchor == view.bottomAnchor")?["type"] as? String == "added")
        #expect(add(client, "box.height == 10")?["type"] as? String == "added")
        #expect(add(client, "box.leading == root.leading")?["type"] as? String == "added")
        #expect(add(client, "box.width == 10")?["type"] as? String == "added")
        // box under the view named "view": 100 + 50 = 150.
        expectFrame(client.frame("box"), [0, 150, 10, 10])
    }

    @Test func documentsReadTheSameSpellings() {
        let client = SessionClient()
        let reply = client.send(["type": "load", "id": "load", "scene": [
            "root": ["size": [375, 667], "safeArea": [20, 0, 0, 0]],
            "views": [["id": "navView"]],
            "constraints": [
                ["first": "navView.topAnchor", "second": "view.safeAreaLayoutGuide.topAnchor"],
                ["first": "navView.leadingAnchor", "second": "view.leadingAnchor"],
                ["first": "navView.widthAnchor", "constant": 375],
                ["equation": "navView.heightAnchor == view.heightAnchor × 0 + 62"],
            ]]])
        #expect(reply.last?["type"] as? String == "scene", "\(reply)")
        expectFrame(client.frame("navView"), [0, 20, 375, 62])
    }

    /// A views map may name the root's guides as UIKit does: `|` beside `view.safeArea` is the root,
    /// its owner. The safe area here is empty, so its top at the root's top is redundant, not a conflict.
    @Test func visualFormatViewsMapsReadTheRootAsView() {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [375, 667]], "views": [["id": "card"]]]])
        let pinned = client.send(["type": "add", "format": "V:|-0-[g]", "views": ["g": "view.safeArea"], "id": 1]).last
        #expect(pinned?["type"] as? String == "added", "\(String(describing: pinned))")
        let below = client.send(["type": "add", "format": "V:[g]-8-[c(40)]", "views": ["g": "view.safeArea", "c": "card"],
                                 "id": 2]).last
        #expect(below?["type"] as? String == "added", "\(String(describing: below))")
    }
}
