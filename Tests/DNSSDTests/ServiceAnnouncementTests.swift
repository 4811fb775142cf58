import DNSSD
import Testing

@Suite("DNS-SD announcement")
struct ServiceAnnouncementTests {
    @Test("the station: _http._tcp, its name, the bound port, path, api and version in TXT")
    func station() {
        let announcement = ServiceAnnouncement.station(name: "Balcony", port: 8123, version: "1.2.0")
        #expect(announcement.name == "Balcony")
        #expect(announcement.type == "_http._tcp")
        #expect(announcement.port == 8123)
        #expect(announcement.txt == ["path=/", "api=/api/v1/current", "version=1.2.0"])
    }

    @Test("a name longer than one DNS label is cut to 63 bytes on a character boundary")
    func longName() {
        let name = String(repeating: "ü", count: 40)  // 80 bytes of UTF-8
        let announcement = ServiceAnnouncement.station(name: name, port: 80, version: "1")
        #expect(announcement.name == String(repeating: "ü", count: 31))
        #expect(announcement.name.utf8.count <= ServiceAnnouncement.maximumNameBytes)
        #expect(ServiceAnnouncement.station(name: "", port: 80, version: "1").name == "Breeze Station")
    }
}
