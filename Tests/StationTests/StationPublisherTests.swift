import AirQuality
import Clocks
import Diagnostics
import Foundation
import OpenMeteo
import Sensors
import StationSnapshot
import Synchronization
import Testing
import ClocksTestSupport

@testable import Station

/// A subscriber whose counters count how often they are rendered as metric families.
final class CountingMetricsSubscriber: StationOutputSubscriber, MetricSource {
    let renders = Mutex(0)

    var metricSource: (any MetricSource)? { self }

    var metricFamilies: [MetricFamily] {
        renders.withLock { $0 += 1 }
        return [MetricFamily(name: "breeze_counted_total", help: "test", kind: .counter, value: 1)]
    }

    func receive(_ output: StationOutput) {}
}

/// A subscriber that writes down what it was handed, with a counter of its own for /metrics.
final class RecordingSubscriber: StationOutputSubscriber {
    let name: String
    private let outputs = Mutex<[StationOutput]>([])

    init(name: String) {
        self.name = name
    }

    var received: [StationOutput] { outputs.withLock { $0 } }

    var metricSource: (any MetricSource)? {
        [MetricFamily(name: "breeze_\(name)_total", help: "test", kind: .counter, value: 1)]
    }

    func receive(_ output: StationOutput) {
        outputs.withLock { $0.append(output) }
    }
}

@Suite("The publisher: one list of subscribers")
struct StationPublisherTests {
    @Test("refreshes render no metric families: /metrics renders its sources when it is asked")
    func metricsRenderedOnRequest() {
        let start = Date(timeIntervalSince1970: 1_796_032_800)
        let clock = ManualClock(start: start)
        let pipeline = StationPipeline(settings: PipelineSettings(stationName: "Test", sensorModel: .pms5003), startedAt: start)
        let counted = CountingMetricsSubscriber()
        let publisher = StationPublisher(
            pipeline: pipeline, clock: clock, logger: Logger(label: "p", sink: InMemoryLogSink()), subscribers: [counted])
        let sensor = FakeSensor(at: start)
        var last: StationOutput?
        for _ in 0..<30 {
            publisher.record(sensor.sample(12, at: clock.now))
            last = publisher.refresh()
            clock.advance(by: .seconds(1))
        }
        #expect(counted.renders.withLock { $0 } == 0)
        let snapshot = last?.snapshot
        let text = snapshot.map { PrometheusText.render(StationMetrics.families($0)) } ?? ""
        #expect(counted.renders.withLock { $0 } == 1)
        #expect(text.contains("breeze_counted_total 1\n"))
        #expect(text.contains("breeze_store_up 1\n"))
    }

    @Test("every refresh reaches every subscriber with the same snapshot (all their metrics in it), each completed minute exactly once")
    func fanOut() {
        let start = Date(timeIntervalSince1970: 1_796_032_800)
        let clock = ManualClock(start: start)
        let pipeline = StationPipeline(
            settings: PipelineSettings(
                stationName: "Test", coordinate: GeoCoordinate(latitude: 52.52, longitude: 13.41), sensorModel: .pms5003,
                leds: nil, referenceEnabled: false, placeServicesEnabled: false),
            startedAt: start)
        let store = RecordingSubscriber(name: "store")
        let leds = RecordingSubscriber(name: "leds")
        let publisher = StationPublisher(
            pipeline: pipeline, clock: clock, logger: Logger(label: "p", sink: InMemoryLogSink()),
            subscribers: [store, leds])
        let sensor = FakeSensor(at: start)
        // Three minutes of samples every 10 s, and a refresh between each two.
        for _ in 0..<18 {
            publisher.record(sensor.sample(12, at: clock.now))
            clock.advance(by: .seconds(5))
            publisher.refresh()
            clock.advance(by: .seconds(5))
        }
        #expect(store.received.count == 36)
        #expect(leds.received.count == 36)
        for (a, b) in zip(store.received, leds.received) {
            #expect(a.snapshot.time == b.snapshot.time)
            let names = Set(a.snapshot.metricSources.flatMap(\.metricFamilies).map(\.name))
            #expect(names.isSuperset(of: ["breeze_store_total", "breeze_leds_total"]))
            #expect(Set(b.snapshot.metricSources.flatMap(\.metricFamilies).map(\.name)) == names)
        }
        let minutes = store.received.flatMap(\.completedMinutes).map(\.minute)
        #expect(minutes.count == 2, "\(minutes)")
        #expect(Set(minutes).count == minutes.count)
        #expect(minutes == minutes.sorted())
        #expect(store.received.flatMap(\.completedMinutes).allSatisfy { $0.count == 6 })
    }
}
