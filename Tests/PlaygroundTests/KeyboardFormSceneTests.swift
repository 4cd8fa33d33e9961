import AutoLayout
import Testing
@testable import Playground

/// The keyboard-avoiding form on an iPhone X (375 × 812, safe area 44 top, 34 bottom, 291 pt keyboard).
/// `form` fills the screen with `contentInsetAdjustmentBehavior` `always` and starts at offset −44.
/// Row i: label at y = 20 + 83 i (21 tall), field at 49 + 83 i (34 tall), x 20, 375 − 40 = 335 wide;
/// the content is 49 + 83 × 9 + 34 + 20 = 850 tall.
///
/// With the keyboard up the handler sets contentInset.bottom = 291 − 34 = 257, so the adjusted inset
/// is 44 top and 257 + 34 = 291 bottom; the visible content at offset y spans y + 44 … y + 812 − 291 =
/// y + 521, and the offset can reach at most 850 + 291 − 812 = 329.
@Suite struct KeyboardFormSceneTests {
    private func loaded() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "keyboard-form"])
        return client
    }

    private func scroll(_ client: SessionClient) -> [String: Any] {
        let reply = client.send(["type": "scene", "id": "scene"]).last
        let views = (reply?["scene"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
        return views.first { $0["id"] as? String == "form" }?["scroll"] as? [String: Any] ?? [:]
    }

    @Test func formRowsAreLaidOutInTheContent() {
        let client = loaded()
        expectFrame(client.frame("form"), [0, 0, 375, 812])
        expectFrame(client.bounds("form"), [0, -44, 375, 812])
        // Row 2 (email): 20 + 166 = 186, field 215; row 9 (notes): field at 49 + 747 = 796.
        expectFrame(client.frame("emailLabel"), [20, 186, 335, 21])
        expectFrame(client.frame("emailField"), [20, 215, 335, 34])
        expectFrame(client.frame("notesField"), [20, 796, 335, 34])
        let scroll = scroll(client)
        #expect(scroll["contentSize"] as? [Double] == [375, 850])
        #expect(scroll["adjustedContentInset"] as? [Double] == [44, 0, 34, 0])
        let ambiguity = client.send(["type": "ambiguity", "id": "a"]).last ?? [:]
        #expect((ambiguity["views"] as? [String: Any])?.isEmpty == true)
        #expect((ambiguity["scrollableContentSize"] as? [String: Any])?.isEmpty == true)
    }

    @Test func editingALowFieldRaisesTheInsetAndScrollsItAboveTheKeyboard() {
        let client = loaded()
        // postcode, row 6: field 49 + 498 = 547 … 581. Visible at −44: 0 … 477, so it scrolls until
        // 581 meets y + 521: y = 60 (≤ 329).
        client.send(["type": "action", "name": "edit-postcode", "id": "edit"])
        client.advance(0.125)
        let progress = TimingCurve.keyboard.progress(elapsed: 0.125, duration: 0.25)
        expectFrame(client.bounds("form"), [0, -44 + 104 * progress, 375, 812])
        client.advance(0.125)
        expectFrame(client.bounds("form"), [0, 60, 375, 812])
        // On screen the field ends at 581 − 60 = 521, the keyboard's top (812 − 291).
        let scroll = scroll(client)
        #expect(scroll["contentInset"] as? [Double] == [0, 0, 257, 0])
        #expect(scroll["scrollIndicatorInsets"] as? [Double] == [0, 0, 257, 0])
        #expect(scroll["adjustedContentInset"] as? [Double] == [44, 0, 291, 0])
        let keyboard = client.received.last { $0["keyboard"] != nil }?["keyboard"] as? [Double] ?? []
        expectFrame(keyboard, [0, 521, 375, 291])

        // Hiding sets both insets back to 0; the offset stays where it was.
        client.send(["type": "action", "name": "hideKeyboard"])
        client.advance(0.25)
        let hidden = self.scroll(client)
        #expect(hidden["contentInset"] as? [Double] == [0, 0, 0, 0])
        #expect(hidden["scrollIndicatorInsets"] as? [Double] == [0, 0, 0, 0])
        #expect(hidden["adjustedContentInset"] as? [Double] == [44, 0, 34, 0])
        expectFrame(client.bounds("form"), [0, 60, 375, 812])
    }

    @Test func visibleFieldDoesNotScrollAndTheLastStopsAtItsBottom() {
        let client = loaded()
        // firstName, row 0: 49 … 83 is inside 0 … 477.
        client.send(["type": "action", "name": "edit-firstName"])
        client.advance(0.25)
        expectFrame(client.bounds("form"), [0, -44, 375, 812])
        // notes, row 9: 796 … 830 → 830 − 521 = 309 (≤ 329).
        client.send(["type": "action", "name": "edit-notes"])
        client.advance(0.25)
        expectFrame(client.bounds("form"), [0, 309, 375, 812])
    }

    @Test func keyboardFromThePageRunsTheSameHandlers() {
        let client = loaded()
        // The page's keyboard control sends its own height: 300 → inset 300 − 34 = 266.
        client.send(["type": "keyboard", "show": true, "height": 300])
        client.advance(0.25)
        #expect(scroll(client)["contentInset"] as? [Double] == [0, 0, 266, 0])
    }

    @Test func scrollRectToVisibleRefusesBadInput() {
        let client = loaded()
        let notScroll = client.send(["type": "scrollRectToVisible", "view": "emailField", "rect": [0, 0, 1, 1], "id": 1])
        #expect(notScroll.last?["code"] as? String == "invalid-value")
        let missing = client.send(["type": "scrollRectToVisible", "view": "form", "id": 2])
        #expect(missing.last?["code"] as? String == "missing-field")
        let unknown = client.send(["type": "scrollRectToVisible", "view": "form", "item": "nope", "id": 3])
        #expect(unknown.last?["code"] as? String == "unknown-view")
    }
}
