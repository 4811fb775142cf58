import Diagnostics
import Foundation
import HTTPClient
import JSON
import OpenMeteo
import OpenMeteoTestSupport
import Testing

/// A fresh directory under the system's temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = NSTemporaryDirectory() + "openmeteo-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

@Suite("Place resolution and the permanent caches")
struct PersistenceTests {
    @Test("a place name is looked up once, remembered, and not looked up again")
    func resolveOnce() async throws {
        try await withTemporaryDirectory { directory in
            let transport = RecordingTransport(body: OpenMeteoFixtures.berlinSearch)
            let client = OpenMeteoClient(transport: transport)
            let store = FileResolvedPlaceStore(path: directory + "/place.json")
            let (logger, sink) = testLogger()
            let resolver = PlaceResolver(client: client, store: store, logger: logger)
            let now = Date(timeIntervalSince1970: 1_796_047_200)
            let place = try await resolver.resolve("Berlin", now: now)
            #expect(place.candidate.countryCode == "DE")
            #expect(place.candidate.coordinate.latitude == 52.52437)
            #expect(transport.requestedURLs.count == 1)
            #expect(sink.lines.contains { $0.contains("resolved \"Berlin\" to Berlin, Land Berlin, Germany") })

            // A new process: same file, no request.
            let again = try await PlaceResolver(client: client, store: FileResolvedPlaceStore(path: directory + "/place.json"), logger: logger)
                .resolve(" berlin ", now: now)
            #expect(again == place)
            #expect(transport.requestedURLs.count == 1)

            let text = try String(contentsOfFile: directory + "/place.json", encoding: .utf8)
            #expect(text.contains(#""query":"Berlin""#))
            #expect(text.contains(#""resolved_at":"2026-11-30T14:00:00Z""#))
        }
    }

    @Test("a changed name is looked up again")
    func changedName() async throws {
        let transport = RecordingTransport(body: OpenMeteoFixtures.berlinSearch)
        let store = InMemoryResolvedPlaceStore()
        let resolver = PlaceResolver(client: OpenMeteoClient(transport: transport), store: store, logger: testLogger().0)
        _ = try await resolver.resolve("Berlin", now: Date())
        _ = try await resolver.resolve("Berlin, Germany", now: Date())
        #expect(transport.requestedURLs.count == 2)
        #expect(try store.load()?.query == "Berlin, Germany")
    }

    @Test("no match: a clear error that suggests `locate`")
    func noMatch() async throws {
        let resolver = PlaceResolver(
            client: OpenMeteoClient(transport: RecordingTransport(body: OpenMeteoFixtures.emptySearch)),
            store: InMemoryResolvedPlaceStore(), logger: testLogger().0)
        let error = await #expect(throws: OpenMeteoError.self) { try await resolver.resolve("Atlantis", now: Date()) }
        #expect(error?.kind == .noData)
        #expect(error?.message.contains("breeze-station locate") == true)
    }

    @Test("a corrupt remembered place is looked up again and replaced")
    func corruptStore() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/place.json"
            try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
            let transport = RecordingTransport(body: OpenMeteoFixtures.berlinSearch)
            let (logger, sink) = testLogger()
            let place = try await PlaceResolver(
                client: OpenMeteoClient(transport: transport), store: FileResolvedPlaceStore(path: path), logger: logger
            ).resolve("Berlin", now: Date())
            #expect(place.candidate.name == "Berlin")
            #expect(sink.lines.contains { $0.contains("cannot read the remembered place") })
            #expect(try FileResolvedPlaceStore(path: path).load()?.candidate.countryCode == "DE")
        }
    }

    @Test("an unwritable store: the place is still resolved, the failure logged")
    func unwritable() async throws {
        let (logger, sink) = testLogger()
        let place = try await PlaceResolver(
            client: OpenMeteoClient(transport: RecordingTransport(body: OpenMeteoFixtures.berlinSearch)),
            store: FileResolvedPlaceStore(path: "/nonexistent-directory/place.json"), logger: logger
        ).resolve("Berlin", now: Date())
        #expect(place.candidate.name == "Berlin")
        #expect(sink.lines.contains { $0.contains("cannot remember the resolved place") })
    }

    @Test("the climate cache file survives a restart; a corrupt one is ignored")
    func climateFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/climate-cache.json"
            let place = GeoCoordinate(latitude: 52.5244, longitude: 13.4105)!
            let key = ClimateCacheKey(place: place, date: CivilDate(year: 2000, month: 6, day: 15)!)
            #expect(key.text == "52.52,13.41,2000-06-15")
            FileClimateCache(path: path).store([key: 21.3])
            #expect(FileClimateCache(path: path).temperatureMax(for: key) == 21.3)
            #expect(FileManager.default.fileExists(atPath: path + ".tmp") == false)

            try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
            let errors = ErrorList()
            let cache = FileClimateCache(path: path) { errors.append($0) }
            #expect(cache.temperatureMax(for: key) == nil)
            #expect(errors.items.first?.contains("ignoring the climate cache") == true)
        }
    }

    @Test("the climate service reads past years from a file cache")
    func climateServiceWithFile() async throws {
        try await withTemporaryDirectory { directory in
            let stack = try LoopbackStack()
            let place = GeoCoordinate(latitude: 52.52, longitude: 13.41)!
            let today = CivilDate(year: 2026, month: 6, day: 15)!
            _ = await ClimateService(client: stack.client, cache: FileClimateCache(path: directory + "/c.json"))
                .history(at: place, today: today)
            let second = await ClimateService(client: stack.client, cache: FileClimateCache(path: directory + "/c.json"))
                .history(at: place, today: today)
            #expect(second.years.filter { $0.source == .cache }.count == 5)
            #expect(stack.fake.requests(to: "/v1/archive").count == 7)
        }
    }
}

/// Collects strings from any thread.
final class ErrorList: Sendable {
    private let storage = Synchronization.Mutex<[String]>([])
    func append(_ text: String) { storage.withLock { $0.append(text) } }
    var items: [String] { storage.withLock { $0 } }
}

import Synchronization
