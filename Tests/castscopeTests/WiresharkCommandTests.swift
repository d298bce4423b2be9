import CastTestSupport
import Foundation
import Testing

/// `castscope wireshark path | install` and the dissector in real tshark.
@Suite struct WiresharkCommandTests {
    private let directories = TemporaryDirectories()
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let tshark = "/usr/bin/tshark"

    private func tsharkIsInstalled() -> Bool { MissingPeer.installed(Self.tshark) }

    @Test func installWritesTheShippedDissectorByteForByte() async throws {
        let directory = directories.make("wireshark") + "/plugins"
        let result = try await CastscopeProcess.run(["wireshark", "install", "--dir", directory])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("installed \(directory)/castv2.lua"))
        let installed = FileManager.default.contents(atPath: directory + "/castv2.lua")
        let shipped = FileManager.default.contents(atPath: Self.repository.path + "/wireshark/castv2.lua")
        #expect(installed != nil && installed == shipped,
                "the embedded dissector differs from wireshark/castv2.lua: run scripts/embed-wireshark-dissector")
    }

    @Test func anInstallThatCannotWriteNamesTheFileAndTheSystemsReason() async throws {
        let directory = directories.make("wireshark")
        try FileManager.default.createDirectory(atPath: directory + "/castv2.lua", withIntermediateDirectories: true)
        let result = try await CastscopeProcess.run(["wireshark", "install", "--dir", directory])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: cannot write \(directory)/castv2.lua: Is a directory\n")
    }

    @Test func pathIsTheFolderTsharkLoadsPersonalLuaPluginsFrom() async throws {
        guard tsharkIsInstalled() else { return }
        let home = directories.make("home")
        let path = try await CastscopeProcess.run(["wireshark", "path"], environment: ["HOME": home])
        #expect(path.exitCode == 0)
        let folders = await SpawnedProcess.run("/usr/bin/env", ["HOME=\(home)", Self.tshark, "-G", "folders"])
        let personal = folders.output.split(separator: "\n").first { $0.hasPrefix("Personal Lua Plugins:") }
        #expect(personal.map { $0.split(separator: "\t").last.map(String.init) } == path.standardOutput
            .trimmingCharacters(in: .newlines))
    }

    @Test func tsharkLoadsTheInstalledPluginAndOffersItsFilterFields() async throws {
        guard tsharkIsInstalled() else { return }
        let home = directories.make("home")
        let install = try await CastscopeProcess.run(["wireshark", "install"], environment: ["HOME": home])
        #expect(install.exitCode == 0, "\(install.standardError)")
        let fields = await SpawnedProcess.run("/usr/bin/env", ["HOME=\(home)", Self.tshark, "-G", "fields"])
        for field in ["castv2.namespace", "castv2.source_id", "castv2.destination_id", "castv2.payload_type",
                      "castv2.type", "castv2.request_id"] {
            #expect(fields.output.contains("\t\(field)\t"), "tshark does not know \(field)")
        }
    }

    @Test func theDissectorAgreesWithInspectOnEveryCastMessageOfTheCaptures() async throws {
        guard tsharkIsInstalled(), let castscope = CastscopeProcess.executablePath else { return }
        let check = await SpawnedProcess.run(
            Self.repository.path + "/scripts/check-wireshark-dissector", ["--castscope", castscope], timeout: 300)
        #expect(check.status == 0, "\(check.output)\n\(check.errors)")
    }
}
