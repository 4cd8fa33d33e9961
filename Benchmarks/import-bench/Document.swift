/// A storyboard of `rows` settings rows, three views each (row, label, switch), chained down a view
/// controller's view: the kind of screen Interface Builder documents hold, sized by `rows`.
enum BenchDocument {
    static func storyboard(rows: Int) -> String {
        var subviews = ""
        var constraints = ""
        for index in 0..<rows {
            let row = "row-\(index)", label = "lbl-\(index)", toggle = "sw-\(index)"
            let y = 20 + index * 52
            subviews += """
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(row)" userLabel="Row \(index)">
                    <rect key="frame" x="16" y="\(y)" width="343" height="44"/>
                    <subviews>
                        <label text="Setting \(index)" translatesAutoresizingMaskIntoConstraints="NO" id="\(label)">
                            <rect key="frame" x="16" y="12" width="120" height="20.5"/>
                        </label>
                        <switch opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(toggle)">
                            <rect key="frame" x="278" y="6.5" width="51" height="31"/>
                        </switch>
                    </subviews>
                    <constraints>
                        <constraint firstItem="\(label)" firstAttribute="leading" secondItem="\(row)" secondAttribute="leading" constant="16" id="\(row)-l"/>
                        <constraint firstItem="\(label)" firstAttribute="centerY" secondItem="\(row)" secondAttribute="centerY" id="\(row)-c"/>
                        <constraint firstAttribute="trailing" secondItem="\(toggle)" secondAttribute="trailing" constant="16" id="\(row)-t"/>
                        <constraint firstItem="\(toggle)" firstAttribute="centerY" secondItem="\(row)" secondAttribute="centerY" id="\(row)-s"/>
                        <constraint firstItem="\(toggle)" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="\(label)" secondAttribute="trailing" constant="8" id="\(row)-g"/>
                        <constraint firstAttribute="height" constant="44" id="\(row)-h"/>
                    </constraints>
                </view>

                """
            let above = index == 0 ? #"secondItem="safe" secondAttribute="top" constant="0""#
                : #"secondItem="row-\#(index - 1)" secondAttribute="bottom" constant="8""#
            constraints += """
                <constraint firstItem="\(row)" firstAttribute="top" \(above) id="\(row)-top"/>
                <constraint firstItem="\(row)" firstAttribute="leading" secondItem="main" secondAttribute="leadingMargin" id="\(row)-lead"/>
                <constraint firstItem="main" firstAttribute="trailingMargin" secondItem="\(row)" secondAttribute="trailing" id="\(row)-trail"/>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" initialViewController="vc">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <scenes><scene sceneID="s"><objects>
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="main">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="\(max(667, 40 + rows * 52))"/>
                            <subviews>
            \(subviews)
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="safe"/>
                            <constraints>
            \(constraints)
                            </constraints>
                        </view>
                    </viewController>
                </objects></scene></scenes>
            </document>
            """
    }
}
