import Testing
@testable import Playground

/// Seed article 1. Rows stack from safeArea.top (20) + 16: header 36…80, name 104…148, email 164…208,
/// about 224…424; the birthday button sits 76 below: y = 500, width 160 at trailing −20 → x = 195.
/// Its bottom (544) is where the picker's top goes; the gap 544 − (667 − 207) = 84 is the bounds shift.
@Suite struct DatePickerSceneTests {
    private func loaded() -> SessionClient {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "date-picker", "id": "load"])
        return client
    }

    @Test func initialLayout() {
        let client = loaded()
        expectFrame(client.frame("header"), [20, 36, 335, 44])
        expectFrame(client.frame("bioField"), [20, 224, 335, 200])
        expectFrame(client.frame("birthdayButton"), [195, 500, 160, 44])
        // The label hugs its intrinsic 80 × 21 and centers on the button: 522 − 10.5 = 511.5.
        expectFrame(client.frame("birthdayLabel"), [20, 511.5, 80, 21])
        expectFrame(client.frame("pickerContainer"), [0, 667, 375, 207])
        // In the container's space: done at trailing −16 (375 − 16 − 60 = 299), picker below it.
        expectFrame(client.frame("doneButton"), [299, 8, 60, 30])
        expectFrame(client.frame("datePicker"), [0, 46, 375, 161])
        expectFrame(client.bounds("root"), [0, 0, 375, 667])
    }

    @Test func showAndHideThePicker() {
        let client = loaded()
        client.send(["type": "action", "name": "showPicker", "id": "show"])
        expectFrame(client.frame("pickerContainer"), [0, 667, 375, 207])
        client.advance(0.125)
        // easeInOut at half time is 0.5: 667 + (544 − 667) × 0.5 = 605.5; bounds 84 × 0.5 = 42.
        expectFrame(client.frame("pickerContainer"), [0, 605.5, 375, 207])
        expectFrame(client.bounds("root"), [0, 42, 375, 667])
        // Bounds shift what the root shows, not where the form's views are.
        expectFrame(client.frame("birthdayButton"), [195, 500, 160, 44])
        let end = client.advance(0.125)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        expectFrame(client.frame("pickerContainer"), [0, 544, 375, 207])
        expectFrame(client.bounds("root"), [0, 84, 375, 667])

        client.send(["type": "action", "name": "hidePicker", "id": "hide"])
        client.advance(0.25)
        expectFrame(client.frame("pickerContainer"), [0, 667, 375, 207])
        expectFrame(client.bounds("root"), [0, 0, 375, 667])
    }

    @Test func constantInsideTheBlockWithoutLayoutJumps() {
        let client = loaded()
        let turn = client.send(["type": "action", "name": "showPickerWithoutLayout", "id": 7])
        // The picker jumps in the end-of-turn pass; only the bounds animate.
        #expect(types(turn) == ["frames", "ok"])
        expectFrame(client.frame("pickerContainer"), [0, 544, 375, 207])
        expectFrame(client.bounds("root"), [0, 0, 375, 667])
        client.advance(0.125)
        expectFrame(client.bounds("root"), [0, 42, 375, 667])
        expectFrame(client.frame("pickerContainer"), [0, 544, 375, 207])
    }
}
