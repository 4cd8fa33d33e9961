import Testing
import PlaygroundClient

// A layout regression test of one screen on every device preset, with the Swift client: the sign-in
// screen of examples/python/sign_in_screen.py. Header 16 pt inside the safe area's top and sides, 44
// tall; button 16 pt inside the sides and 20 pt above the safe area's bottom, 50 tall; content between
// them with 8 pt gaps. On a root W × H with safe area (t, l, b, r):
//     header  [l + 16, t + 16,      W − l − r − 32, 44]
//     button  [l + 16, H − b − 70,  W − l − r − 32, 50]
//     content [l + 16, t + 68,      W − l − r − 32, (H − b − 78) − (t + 68)]
// Worked with docs/PROTOCOL.md's device table:
//     iphone-se          320 × 568,  (20, 0, 0, 0):   288 wide; header y 36; button y 498; content 88, 402 tall
//     iphone-8           375 × 667,  (20, 0, 0, 0):   343 wide; header y 36; button y 597; content 88, 501 tall
//     iphone-x           375 × 812,  (44, 0, 34, 0):  343 wide; header y 60; button y 708; content 112, 588 tall
//     iphone-15-pro-max  430 × 932,  (59, 0, 34, 0):  398 wide; header y 75; button y 828; content 127, 693 tall
//     ipad               820 × 1180, (24, 0, 20, 0):  788 wide; header y 40; button y 1090; content 92, 990 tall
//     iphone-x landscape 812 × 375,  (0, 44, 21, 44): x 60, 692 wide; header y 16; button y 284; content 68, 208 tall

let signIn: JSONValue = [
    "name": "sign-in",
    "views": [["id": "header"], ["id": "content"], ["id": "button"]],
    "constraints": [
        ["id": "headerTop", "equation": "header.top == root.safeArea.top + 16"],
        ["id": "headerLeading", "equation": "header.leading == root.safeArea.leading + 16"],
        ["id": "headerTrailing", "equation": "header.trailing == root.safeArea.trailing - 16"],
        ["id": "headerHeight", "equation": "header.height == 44"],
        ["id": "buttonBottom", "equation": "button.bottom == root.safeArea.bottom - 20"],
        ["id": "buttonLeading", "equation": "button.leading == header.leading"],
        ["id": "buttonTrailing", "equation": "button.trailing == header.trailing"],
        ["id": "buttonHeight", "equation": "button.height == 50"],
        ["id": "contentTop", "equation": "content.top == header.bottom + 8"],
        ["id": "contentBottom", "equation": "content.bottom == button.top - 8"],
        ["id": "contentLeading", "equation": "content.leading == header.leading"],
        ["id": "contentTrailing", "equation": "content.trailing == header.trailing"],
    ],
]

struct Expected: Sendable, CustomTestStringConvertible {
    let device: String
    let orientation: String
    let header: Rect
    let content: Rect
    let button: Rect
    var testDescription: String { "\(device) \(orientation)" }
}

let expectations = [
    Expected(device: "iphone-se", orientation: "portrait", header: Rect(16, 36, 288, 44),
             content: Rect(16, 88, 288, 402), button: Rect(16, 498, 288, 50)),
    Expected(device: "iphone-8", orientation: "portrait", header: Rect(16, 36, 343, 44),
             content: Rect(16, 88, 343, 501), button: Rect(16, 597, 343, 50)),
    Expected(device: "iphone-x", orientation: "portrait", header: Rect(16, 60, 343, 44),
             content: Rect(16, 112, 343, 588), button: Rect(16, 708, 343, 50)),
    Expected(device: "iphone-15-pro-max", orientation: "portrait", header: Rect(16, 75, 398, 44),
             content: Rect(16, 127, 398, 693), button: Rect(16, 828, 398, 50)),
    Expected(device: "ipad", orientation: "portrait", header: Rect(16, 40, 788, 44),
             content: Rect(16, 92, 788, 990), button: Rect(16, 1090, 788, 50)),
    Expected(device: "iphone-x", orientation: "landscape", header: Rect(60, 16, 692, 44),
             content: Rect(60, 68, 692, 208), button: Rect(60, 284, 692, 50)),
]

@Suite struct ScreenOnEveryDeviceTests {
    @Test(arguments: expectations)
    func signInScreen(_ expected: Expected) async throws {
        let playground = try await Playground.start()
        _ = try await playground.load(scene: signIn)
        let answer = try await playground.device(expected.device, orientation: expected.orientation)
        #expect(answer.conflicts.isEmpty)
        try await playground.assertFrame("header", expected.header)
        try await playground.assertFrame("content", expected.content)
        try await playground.assertFrame("button", expected.button)
        await playground.close()
    }

    @Test func everyPresetIsCovered() async throws {
        let playground = try await Playground.start()
        let devices = Set((playground.hello["devices"]?.array ?? []).compactMap(\.string))
        #expect(devices == Set(expectations.map(\.device)))
        await playground.close()
    }
}
