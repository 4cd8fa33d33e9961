import Testing
@testable import Playground

/// `explain` on the seed scenes, against the scenes' constraints read by hand.
@Suite struct ExplainTests {
    private func explain(_ client: SessionClient, _ view: String) -> [String: Any] {
        let answer = client.send(["type": "explain", "view": view, "id": 9]).last ?? [:]
        #expect(answer["type"] as? String == "explain", "\(answer)")
        return answer
    }

    /// `(id, depth)` of the constraints that determine `value`, in the answer's order.
    private func determining(_ answer: [String: Any], _ value: String) -> [String] {
        let entries = (answer[value] as? [String: Any])?["determinedBy"] as? [[String: Any]] ?? []
        return entries.map { "\($0["id"] as? String ?? "?")@\($0["depth"] as? Int ?? -1)" }
    }

    private func field(_ answer: [String: Any], _ value: String, _ key: String) -> Any? {
        (answer[value] as? [String: Any])?[key]
    }

    @Test func searchBarNavViewIsFixedByItsOwnConstraints() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        let answer = explain(client, "navView")
        // navTop: navView.top == root.top + 0, so y = 0 and nothing else moves it (searchTop hangs the
        // search bar under the nav view and titleBottom the title inside it: neither moves navView).
        #expect(determining(answer, "y") == ["navTop@0"])
        #expect(field(answer, "y", "value") as? Double == 0)
        // navHeight: navView.height == 62.
        #expect(determining(answer, "height") == ["navHeight@0"])
        #expect(field(answer, "height", "value") as? Double == 62)
        // x = root.leading + 0 = 0 (navLeading); width = root.width − x = 375 − 0 (navTrailing), through
        // navLeading (x) and the root's own width (UIKit's encapsulated layout width).
        #expect(determining(answer, "x") == ["navLeading@0"])
        #expect(Set(determining(answer, "width"))
            == ["navTrailing@0", "navLeading@1", "UIView-Encapsulated-Layout-Width@1"])
        #expect(field(answer, "width", "value") as? Double == 375)
        for value in ["x", "y", "width", "height"] {
            #expect(field(answer, value, "ambiguous") as? Bool == false)
            #expect((field(answer, value, "lost") as? [Any])?.isEmpty == true)
        }
        // The equation comes in the form the equation field reads back.
        let first = (field(answer, "y", "determinedBy") as? [[String: Any]])?.first
        #expect(first?["equation"] as? String == "navView.top == root.top")
        #expect(first?["priority"] as? Double == 1000)
        #expect(first?["internal"] as? Bool == false)
    }

    /// A constant changed in place (a slider) lives in the solver: the value it now fixes is still
    /// explained by it. navTop −10 puts navView at y = −10; navHeight 80 makes it 80 tall.
    @Test func constantsChangedInPlaceStillDetermineTheirValues() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        client.send(["type": "set", "constraint": "navTop", "constant": -10])
        client.send(["type": "set", "constraint": "navHeight", "constant": 80])
        let answer = explain(client, "navView")
        #expect(determining(answer, "y") == ["navTop@0"])
        #expect(field(answer, "y", "value") as? Double == -10)
        #expect(determining(answer, "height") == ["navHeight@0"])
        #expect(field(answer, "height", "value") as? Double == 80)
    }

    @Test func searchBarYChainsBackThroughTheNavView() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        let answer = explain(client, "searchBar")
        // searchBar.top == navView.bottom = navView.top + navView.height = 0 + 62.
        #expect(field(answer, "y", "value") as? Double == 62)
        #expect(Set(determining(answer, "y")) == ["searchTop@0", "navTop@1", "navHeight@1"])
        #expect(determining(answer, "y").first == "searchTop@0")
    }

    @Test func anOptionalConstraintThatLosesIsListedWithItsShortfall() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        client.send(["type": "add", "constraint": ["id": "navTall", "first": "navView.height", "constant": 80,
                                                   "priority": 750], "id": 2])
        let answer = explain(client, "navView")
        // navHeight (required) keeps 62; navTall (@750) wants 80: short by 80 − 62 = 18 pt.
        #expect(determining(answer, "height") == ["navHeight@0"])
        let lost = field(answer, "height", "lost") as? [[String: Any]] ?? []
        #expect(lost.count == 1)
        #expect(lost.first?["id"] as? String == "navTall")
        #expect(lost.first?["shortfall"] as? Double == 18)
        #expect(lost.first?["priority"] as? Double == 750)
        #expect(lost.first?["broken"] as? Bool == false)
        #expect((field(answer, "y", "lost") as? [Any])?.isEmpty == true)
    }

    @Test func aBrokenRequiredConstraintIsLost() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        client.send(["type": "add", "constraint": ["id": "navTaller", "first": "navView.height", "constant": 100],
                     "id": 2])
        let answer = explain(client, "navView")
        // The newer required height breaks: short by 100 − 62 = 38 pt.
        let lost = field(answer, "height", "lost") as? [[String: Any]] ?? []
        #expect(lost.first?["id"] as? String == "navTaller")
        #expect(lost.first?["shortfall"] as? Double == 38)
        #expect(lost.first?["broken"] as? Bool == true)
    }

    @Test func datePickerHeaderHangsFromTheSafeArea() {
        let client = SessionClient()
        client.send(["type": "load", "name": "date-picker", "id": 1])
        let answer = explain(client, "header")
        // header.top == safeArea.top + 16, safeArea.top == root.top + 20: y = 36.
        #expect(field(answer, "y", "value") as? Double == 36)
        #expect(Set(determining(answer, "y")) == ["headerTop@0", "UIViewSafeAreaLayoutGuide-top@1"])
        #expect(determining(answer, "height") == ["headerHeight@0"])
    }

    @Test func keyboardInputBarSitsOnTheBottomSpacing() {
        let client = SessionClient()
        client.send(["type": "load", "name": "keyboard", "id": 1])
        let answer = explain(client, "inputBar")
        // root.bottom == inputBar.bottom + 0: y = 667 − 0 − 50 = 617, through barHeight and the root's
        // encapsulated height; messagesBottom hangs the list on the bar and does not move it.
        #expect(field(answer, "y", "value") as? Double == 617)
        #expect(Set(determining(answer, "y"))
            == ["bottomSpacing@0", "barHeight@1", "UIView-Encapsulated-Layout-Height@1"])
    }

    @Test func anUnconstrainedValueIsAmbiguousAndAskingMovesNothing() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        client.send(["type": "remove", "constraint": "navTop", "id": 2])
        let before = client.session.scene.engine.solvedFrame(of: client.session.scene.engine.view("navView")!)
        let answer = explain(client, "navView")
        #expect(field(answer, "y", "ambiguous") as? Bool == true)
        #expect(determining(answer, "y").isEmpty)
        #expect(field(answer, "height", "ambiguous") as? Bool == false)
        let after = client.session.scene.engine.solvedFrame(of: client.session.scene.engine.view("navView")!)
        #expect(before == after)
    }

    @Test func badInputIsAStructuredError() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar", "id": 1])
        let unknown = client.send(["type": "explain", "view": "nope", "id": 2]).last ?? [:]
        #expect(unknown["code"] as? String == "unknown-view")
        let missing = client.send(["type": "explain", "id": 3]).last ?? [:]
        #expect(missing["code"] as? String == "missing-field")
        let nested = client.send(["type": "batch", "ops": [["type": "explain", "view": "navView"]], "id": 4]).last ?? [:]
        #expect(nested["code"] as? String == "invalid-op")
    }
}
