import Testing
@testable import layout_playground

/// The port the supervisor reads from a serving process's first line, whose form `--help` documents:
/// `listening on SCHEME://HOST:PORT/`, an IPv6 host in brackets.
@Suite struct ListeningLineTests {
    @Test func readsThePortOfAnyScheme() {
        #expect(OutputForwarder.listeningPort(inLine: "listening on http://127.0.0.1:54321/") == 54321)
        #expect(OutputForwarder.listeningPort(inLine: "listening on https://[::1]:8443/") == 8443)
        #expect(OutputForwarder.listeningPort(inLine: "listening on http://[fe80::1:2]:80/") == 80)
    }

    @Test func otherLinesHaveNoPort() {
        #expect(OutputForwarder.listeningPort(inLine: "serving /srv/Public") == nil)
        #expect(OutputForwarder.listeningPort(inLine: "listening on http://127.0.0.1:0/") == nil)
        #expect(OutputForwarder.listeningPort(inLine: "listening on http://127.0.0.1:65536/") == nil)
        #expect(OutputForwarder.listeningPort(inLine: "listening on http://127.0.0.1:80") == nil)
        #expect(OutputForwarder.listeningPort(inLine: "listening on [::1]/") == nil)
        #expect(OutputForwarder.listeningPort(inLine: "") == nil)
    }
}
