// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LayoutPlayground",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "TextShaping", targets: ["TextShaping"]),
        .library(name: "Playground", targets: ["Playground"]),
        .library(name: "PlaygroundClient", targets: ["PlaygroundClient"]),
        .library(name: "SharedState", targets: ["SharedState"]),
        .executable(name: "layout-playground", targets: ["layout-playground"]),
    ],
    targets: [
        .target(name: "Cassowary"),
        .target(name: "AutoLayout", dependencies: ["Cassowary"]),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]
        ),
        .target(name: "TextShaping", dependencies: ["AutoLayout", "CHarfBuzz"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "Playground", dependencies: ["AutoLayout", "TextShaping", "CSQLite", "CLibXML2"]),
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .target(name: "PlaygroundServer", dependencies: ["Playground", "CLibWebSockets", "SharedState"]),
        .target(name: "CProcessLifetime"),
        // What spans servers, in Redis (docs/DEPLOY.md): hiredis through a system-library target.
        .systemLibrary(name: "CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),
        .target(name: "SharedState", dependencies: ["CHiredis"]),
        // The Swift client kit (docs/CLIENTS.md): libwebsockets' client API, no dependency on the server's modules.
        .target(name: "PlaygroundClient", dependencies: ["CLibWebSockets"]),
        .executableTarget(name: "layout-playground", dependencies: ["PlaygroundServer", "CProcessLifetime"]),
        .systemLibrary(name: "CLibEV", path: "Benchmarks/CLibEV", providers: [.apt(["libev-dev"])]),
        .target(name: "CPUAffinity", path: "Benchmarks/CPUAffinity"),
        .target(name: "HeapUsage", path: "Benchmarks/HeapUsage"),
        .executableTarget(name: "playground-load",
                          dependencies: ["CLibWebSockets", "CLibEV", "CPUAffinity", "HeapUsage", "Playground", "PlaygroundServer"],
                          path: "Benchmarks/playground-load"),
        .executableTarget(name: "shared-state-bench", dependencies: ["SharedState"], path: "Benchmarks/shared-state-bench"),
        .executableTarget(name: "solver-bench", dependencies: ["Cassowary"], path: "Benchmarks/solver-bench"),
        .executableTarget(name: "text-bench", dependencies: ["AutoLayout", "TextShaping"], path: "Benchmarks/text-bench"),
        // An independent dense LP the solver's random tests compare with (no dependency on Cassowary).
        // Optimised even in debug builds: the random edit sequences solve it after every step.
        .executableTarget(name: "import-bench", dependencies: ["Playground", "IBFixtures"], path: "Benchmarks/import-bench"),
        .target(name: "SolverReference", path: "Tests/SolverReference", swiftSettings: [.unsafeFlags(["-O"])]),
        // Interface Builder documents the importer's tests and import-bench both read.
        .target(name: "IBFixtures", path: "Tests/IBFixtures"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "SolverReference"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "SolverReference"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "AutoLayout", "SolverReference", "IBFixtures"]),
        .testTarget(name: "LayoutPlaygroundTests", dependencies: ["layout-playground"]),
        .testTarget(name: "TextShapingTests", dependencies: ["TextShaping", "AutoLayout"]),
        .testTarget(name: "SharedStateTests", dependencies: ["SharedState"]),
        .testTarget(name: "PlaygroundClientTests", dependencies: ["PlaygroundClient", "layout-playground"]),
        .testTarget(name: "PlaygroundClientExamples", dependencies: ["PlaygroundClient", "layout-playground"],
                    path: "examples/swift"),
    ],
    swiftLanguageModes: [.v6]
)
