// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LayoutPlayground",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "Playground", targets: ["Playground"]),
        .executable(name: "layout-playground", targets: ["layout-playground"]),
    ],
    targets: [
        .target(name: "Cassowary"),
        .target(name: "AutoLayout", dependencies: ["Cassowary"]),
        .target(name: "Playground", dependencies: ["AutoLayout"]),
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .target(name: "PlaygroundServer", dependencies: ["Playground", "CLibWebSockets"]),
        .executableTarget(name: "layout-playground", dependencies: ["PlaygroundServer"]),
        .systemLibrary(name: "CLibEV", path: "Benchmarks/CLibEV", providers: [.apt(["libev-dev"])]),
        .target(name: "CPUAffinity", path: "Benchmarks/CPUAffinity"),
        .executableTarget(name: "playground-load",
                          dependencies: ["CLibWebSockets", "CLibEV", "CPUAffinity", "Playground", "PlaygroundServer"],
                          path: "Benchmarks/playground-load"),
        .executableTarget(name: "solver-bench", dependencies: ["Cassowary"], path: "Benchmarks/solver-bench"),
        .executableTarget(name: "import-bench", dependencies: ["Playground"], path: "Benchmarks/import-bench"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "AutoLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
