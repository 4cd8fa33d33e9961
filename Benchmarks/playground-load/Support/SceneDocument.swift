/// The inline 20-view scene every load session uses: a column of bars pinned under each other, the
/// first one's top constraint (`top0`) moved by tweaks and animations, so every change moves all 20
/// views and each `frames` message carries 20 changed frames.
enum SceneDocument {
    static let viewCount = 20

    static var json: String { column(views: viewCount) }

    /// A column of `count` bars (4 constraints each: 5 items a view); `top0` moves them all.
    static func column(views count: Int) -> String {
        var views: [String] = []
        var constraints: [String] = []
        for index in 0..<count {
            views.append(##"{"id":"v\##(index)","parent":"root","color":"#4a90e2"}"##)
            let top = index == 0
                ? #"{"id":"top0","first":"v0.top","second":"root.top","constant":40}"#
                : #"{"id":"top\#(index)","first":"v\#(index).top","second":"v\#(index - 1).bottom","constant":8}"#
            constraints.append(top)
            constraints.append(#"{"id":"lead\#(index)","first":"v\#(index).leading","second":"root.leading","constant":\#(16 + index)}"#)
            constraints.append(#"{"id":"trail\#(index)","first":"v\#(index).trailing","second":"root.trailing","constant":-16}"#)
            constraints.append(#"{"id":"h\#(index)","first":"v\#(index).height","constant":20}"#)
        }
        return #"{"name":"load-column","root":{"size":[375,667]},"views":[\#(views.joined(separator: ","))],"constraints":[\#(constraints.joined(separator: ","))]}"#
    }

    /// `{"type":"load","scene":…,"id":id}`.
    static func load(id: Int) -> String { #"{"type":"load","id":\#(id),"scene":\#(json)}"# }

    /// A tweak: sets `top0` without animation; the turn's layout pass moves every view.
    static func tweak(id: Int, constant: Int) -> String {
        #"{"type":"set","constraint":"top0","constant":\#(constant),"id":\#(id)}"#
    }

    /// A one-second animation of `top0` to `constant`.
    static func animate(id: Int, constant: Int, duration: Double) -> String {
        #"{"type":"animate","duration":\#(duration),"curve":"easeInOut","id":\#(id),"ops":[{"type":"set","constraint":"top0","constant":\#(constant)},{"type":"layoutIfNeeded","view":"root"}]}"#
    }

    /// `{"type":"clock","fps":fps}`.
    static func clock(fps: Int, id: Int) -> String { #"{"type":"clock","mode":"realtime","fps":\#(fps),"id":\#(id)}"# }

    /// `{"type":"share"}`: the answer is `shared` with the join code.
    static func share(id: Int) -> String { #"{"type":"share","id":\#(id)}"# }

    /// `{"type":"follow","code":code}`: the answer is the shared session's `scene`.
    static func follow(code: String, id: Int) -> String { #"{"type":"follow","code":"\#(code)","id":\#(id)}"# }
}
