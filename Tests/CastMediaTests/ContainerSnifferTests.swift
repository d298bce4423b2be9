import CastMedia
import Testing

/// The container sniffer and the simple audio headers on hostile heads: sizes that lie, headers cut short, tags
/// longer than the bytes; nothing is invented and nothing is read outside the bytes.
@Suite struct ContainerSnifferTests {
    @Test func liesAndCutsGiveNoTrackRatherThanAWrongOne() {
        // An ID3 tag claiming 256 MiB: the frame after it is not in the bytes, so no container is claimed.
        let id3 = Array("ID3".utf8) + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F] + [UInt8](repeating: 0, count: 20)
        #expect(ContainerSniffer.container(of: id3) == nil)
        // A WAV whose first chunk claims 4 GiB: the walk steps past the bytes and finds no `fmt `.
        let wave = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8) + Array("LIST".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
            + Array("fmt ".utf8) + [UInt8](repeating: 1, count: 16)
        #expect(ContainerSniffer.container(of: wave) == "wav")
        #expect(ContainerSniffer.probeAudio(wave, container: "wav").tracks.isEmpty)
        // Ogg with its segment table running past the bytes; FLAC shorter than STREAMINFO.
        let ogg = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [200]
        #expect(ContainerSniffer.probeAudio(ogg, container: "ogg").tracks.isEmpty)
        #expect(ContainerSniffer.probeAudio(Array("fLaC".utf8) + [0, 0, 0, 34], container: "flac").tracks.isEmpty)
        // MPEG layer II is not claimed as MP3; a lone sync byte is nothing.
        #expect(ContainerSniffer.container(of: [0xFF, 0xFD, 0x90, 0x00]) == nil)
        #expect(ContainerSniffer.container(of: [0xFF]) == nil)
        // ADTS: the object type from the profile bits (AAC LC = 2), the channels from the configuration.
        let adts: [UInt8] = [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]
        #expect(ContainerSniffer.container(of: adts) == "adts")
        let track = ContainerSniffer.probeAudio(adts, container: "adts").tracks.first
        #expect(track?.codec == "mp4a.40.2" && track?.channels == 2)
        // Markup that is not an MPD, and an MPD after a byte order mark.
        #expect(ContainerSniffer.container(of: Array("<html><MPD".utf8)) == nil)
        #expect(ContainerSniffer.container(of: Array("<?xml version=\"1.0\"?><!-- x --><MPD>".utf8)) == "dash")
        #expect(ContainerSniffer.container(of: Array("binary then <MPD".utf8)) == nil)
        #expect(ContainerSniffer.container(of: [0xEF, 0xBB, 0xBF] + Array("<MPD>".utf8)) == "dash")
    }
}
