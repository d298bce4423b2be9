// swift-tools-version:6.2
import PackageDescription

// A program outside castscope that uses its libraries the way the README shows. CI builds it (`make examples`).
let package = Package(
    name: "castscope-examples",
    dependencies: [.package(name: "castscope", path: "..")],
    targets: [
        .executableTarget(
            name: "CastAVideo",
            dependencies: [
                .product(name: "CastDiscovery", package: "castscope"),
                .product(name: "CastSender", package: "castscope"),
                .product(name: "CastNet", package: "castscope"),
            ]),
        .executableTarget(
            name: "EmulatorTour",
            dependencies: ["CastCLI", "CastDiscovery", "CastJSON", "CastNet", "CastReceiver", "CastSender", "CastTLS",
                           "CastTestKit", "CastWire"].map { .product(name: $0, package: "castscope") }),
        .executableTarget(
            name: "TailWithFilter", dependencies: [.product(name: "CastLog", package: "castscope")]),
        .executableTarget(
            name: "InspectCapture",
            dependencies: [
                .product(name: "CastInspect", package: "castscope"),
            ]),
    ]
)
