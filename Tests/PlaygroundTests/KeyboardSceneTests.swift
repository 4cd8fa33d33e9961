import AutoLayout
import Testing
@testable import Playground

/// Seed article 3. The input bar is 50 tall at the bottom (y = 617) under the messages (20…617).
/// A 216 pt keyboard brings it to 667 − 216 − 50 = 401.
@Suite struct KeyboardSceneTests {
    private func loaded(_ name: String) -> SessionClient {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": name])
        return client
    }

    @Test func bottomSpacingFollowsTheKeyboard() {
        let client = loaded("keyboard")
        expectFrame(client.frame("inputBar"), [0, 617, 375, 50])
        expectFrame(client.frame("messages"), [0, 20, 375, 597])
        // Send: trailing −8, 60 wide → x = 307; the field fills 8…299.
        expectFrame(client.frame("sendButton"), [307, 8, 60, 34])
        expectFrame(client.frame("textField"), [8, 8, 291, 34])
        let shown = client.send(["type": "keyboard", "show": true, "id": "kb"])
        #expect(types(shown) == ["ok"])
        client.advance(0.125)
        // The handler's animate block is nested in the keyboard's, so it inherits the keyboard curve
        // (as handlers of keyboardWillShow do on iOS): 617 − 216 × progress.
        let progress = TimingCurve.keyboard.progress(elapsed: 0.125, duration: 0.25)
        expectFrame(client.frame("inputBar"), [0, 617 - 216 * progress, 375, 50])
        let end = client.advance(0.125)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        expectFrame(client.frame("inputBar"), [0, 401, 375, 50])
        expectFrame(client.frame("messages"), [0, 20, 375, 381])
        let keyboard = client.received.last { $0["keyboard"] != nil }?["keyboard"] as? [Double] ?? []
        expectFrame(keyboard, [0, 451, 375, 216])

        client.send(["type": "keyboard", "show": false])
        client.advance(0.25)
        expectFrame(client.frame("inputBar"), [0, 617, 375, 50])
    }

    @Test func layoutGuideMovesWithTheKeyboardCurve() {
        let client = loaded("keyboard-guide")
        expectFrame(client.frame("inputBar"), [0, 617, 375, 50])
        client.send(["type": "action", "name": "showKeyboard"])
        client.advance(0.125)
        let progress = TimingCurve.keyboard.progress(elapsed: 0.125, duration: 0.25)
        expectFrame(client.frame("inputBar"), [0, 617 - 216 * progress, 375, 50])
        client.advance(0.125)
        expectFrame(client.frame("inputBar"), [0, 401, 375, 50])
    }

    @Test func transformMovesTheRootNotTheFrames() {
        let client = loaded("keyboard-transform")
        client.send(["type": "action", "name": "showKeyboard"])
        client.advance(0.25)
        expectFrame(client.frame("inputBar"), [0, 617, 375, 50])
        let transform = client.views["root"]?["transform"] as? [Double] ?? []
        expectFrame(transform, [1, 0, 0, 1, 0, -216])
        client.send(["type": "action", "name": "hideKeyboard"])
        client.advance(0.25)
        expectFrame(client.views["root"]?["transform"] as? [Double] ?? [], [1, 0, 0, 1, 0, 0])
    }
}

extension KeyboardSceneTests {
    /// keyboardWillChangeFrame while shown (a taller keyboard, e.g. predictive text): the bar moves
    /// from 401 to 667 − 260 − 50 = 357, continuing from where it is.
    @Test func aTallerKeyboardWhileShownMovesOnFromTheScreen() {
        let client = loaded("keyboard-guide")
        client.send(["type": "keyboard", "show": true, "height": 216])
        client.advance(0.25)
        expectFrame(client.frame("inputBar"), [0, 401, 375, 50])
        client.send(["type": "keyboard", "show": true, "height": 260])
        client.advance(0.125)
        let progress = TimingCurve.keyboard.progress(elapsed: 0.125, duration: 0.25)
        expectFrame(client.frame("inputBar"), [0, 401 - 44 * progress, 375, 50])
        client.advance(0.125)
        expectFrame(client.frame("inputBar"), [0, 357, 375, 50])
        let keyboard = client.received.last { $0["keyboard"] != nil }?["keyboard"] as? [Double] ?? []
        expectFrame(keyboard, [0, 407, 375, 260])
    }
}
