import Foundation
import MQTTTestSupport
import Testing

/// The test broker's port: one it chose that someone took before it started is chosen again; one it was
/// given, or one it has run on, is kept (its clients know it).
@Suite(
    "the test broker's port",
    .enabled(if: MosquittoBroker.testsEnabled, "make mqtt-broker-tests (mosquitto, BREEZE_MQTT_BROKER_TESTS=1)"),
    .timeLimit(.minutes(1)))
struct BrokerPortTests {
    @Test("a chosen port taken before the start is chosen again, and the broker serves on the new one")
    func takenChoiceIsChosenAgain() async throws {
        let broker = try await MosquittoBroker()
        let chosen = broker.port
        let squatter = try ListeningSocket(port: chosen)
        try await broker.start()
        #expect(broker.port != chosen)
        #expect(MosquittoBroker.acceptsConnections(port: broker.port))
        await broker.stop()
        squatter.close()
    }

    @Test("a port given to the broker, once taken, fails the start naming the cause")
    func givenPortIsKept() async throws {
        let port = try MosquittoBroker.freePort()
        let squatter = try ListeningSocket(port: port)
        let broker = try await MosquittoBroker(port: port)
        let error = await #expect(throws: (any Error).self) { try await broker.start() }
        #expect(String(describing: error).contains("Address already in use"))
        #expect(broker.port == port)
        squatter.close()
    }

    @Test("a restart keeps the port the broker ran on, and fails if it was taken meanwhile")
    func restartKeepsItsPort() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let port = broker.port
        await broker.stop()
        let squatter = try ListeningSocket(port: port)
        await #expect(throws: (any Error).self) { try await broker.start() }
        #expect(broker.port == port)
        squatter.close()
        try await broker.start()
        #expect(broker.port == port)
        await broker.stop()
    }
}

/// A TCP socket listening on 127.0.0.1:`port`, as another process's server would.
private final class ListeningSocket {
    private var descriptor: Int32

    init(port: Int) throws {
        // Close-on-exec: a child another suite starts meanwhile must not keep the port bound after close().
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
