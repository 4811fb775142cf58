import AirQuality
import JSON
import StationSnapshot
import Testing

@Suite("Indices in the API and on the status page")
struct IndexDocumentTests {
    func snapshot() throws -> StationSnapshot {
        var snapshot = try Samples.full()
        let eea = try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: 60, averaging: .twentyFourHourRunning)
        snapshot.indices = [
            IndexReading(index: .euEAQI, value: eea, isChosen: true),
            IndexReading(index: .caAQHIPlus, value: nil, isChosen: false),
        ]
        return snapshot
    }

    @Test("one block per configured index, every key present, the chosen one first")
    func blocks() throws {
        let document = CurrentDocument.render(try snapshot())
        guard case .array(let blocks)? = document["indices"], blocks.count == 2 else {
            Issue.record("\(String(describing: document["indices"]))")
            return
        }
        guard case .object(let pairs) = blocks[0] else { return }
        #expect(pairs.map(\.key) == [
            "index", "name", "chosen", "value", "display", "level", "text", "color", "advice", "pollutant",
            "concentration", "beyond_index", "averaging", "source", "document", "reference",
        ])
        #expect(blocks[0].serialized().hasPrefix(
            ##"{"index":"eu-eaqi","name":"European Air Quality Index","chosen":true,"value":4,"display":"4","level":"poor","text":"Poor","color":"#ff5050""##))
        #expect(blocks[0]["averaging"] == "24h-running")
        #expect(blocks[0]["source"] == "local")
        #expect(blocks[1]["index"] == "ca-aqhi-plus")
        #expect(blocks[1]["value"] == .null)
        #expect(blocks[1]["source"] == .null)
        #expect(blocks[1]["document"] != .null)
        // The `aqi` block is untouched: the US AQI.
        #expect(document["aqi"] == CurrentDocument.render(try Samples.full())["aqi"])
    }

    @Test("the reference block: the same index from Open-Meteo's PM, Open-Meteo's own values beside it; the metric")
    func reference() throws {
        var snapshot = try snapshot()
        let model = try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: 14.5, averaging: .twentyFourHourRunning)
        snapshot.indices[0].comparison = IndexComparison(
            state: .localHigher, reference: model,
            provider: ProviderIndexValue(value: 38, pm25: 38, pm10: nil, note: "older bands"), reason: "two levels")
        let document = CurrentDocument.render(snapshot)
        guard case .array(let blocks)? = document["indices"], case .object(let pairs)? = blocks[0]["reference"] else {
            Issue.record("\(String(describing: document["indices"]))")
            return
        }
        #expect(pairs.map(\.key) == [
            "value", "display", "level", "pollutant", "concentration", "averaging", "source", "open_meteo", "state", "reason",
        ])
        #expect(blocks[0]["reference"]?["value"] == 2)
        #expect(blocks[0]["reference"]?["level"] == "fair")
        #expect(blocks[0]["reference"]?["concentration"] == 14.5)
        #expect(blocks[0]["reference"]?["state"] == "local_higher")
        #expect(blocks[0]["reference"]?["open_meteo"]?["value"] == 38)
        #expect(blocks[0]["reference"]?["open_meteo"]?["pm10"] == .null)
        #expect(blocks[1]["reference"] == .null)
        let families = IndexMetrics.families(snapshot.indices)
        #expect(families.map(\.name) == ["breeze_local_index", "breeze_reference_index"])
        #expect(families.last?.samples.map(\.value) == [2])
        #expect(IndexMetrics.families([]).isEmpty)
    }

    @Test("the ring shows the chosen index in its own colour; the US AQI ring is unchanged without one")
    func ring() throws {
        let page = StatusPage.render(try snapshot())
        #expect(page.contains(##"data-color="#ff5050""##))
        #expect(page.contains(##"stroke="#ff5050""##))
        #expect(page.contains(#"<span id="aqi-value" class="number">4</span><span class="unit">EAQI</span>"#))
        #expect(page.contains(#"data-index="ca-aqhi-plus""#))
        let us = StatusPage.render(try Samples.full())
        let reading = try #require(try Samples.full().aqi)
        #expect(us.contains(#"<span class="unit">US AQI</span>"#))
        #expect(us.contains("data-color=\"\(reading.level.color.hex)\""))
        #expect(!us.contains(#"id="indices""#))
    }

    @Test("the OpenAPI document describes indices")
    func openAPI() {
        let schema = OpenAPIDocument.render()["components"]?["schemas"]?["Current"]?["properties"]?["indices"]
        #expect(schema?["type"] == "array")
        #expect(schema?["items"]?["properties"]?["averaging"] != nil)
    }
}

@Suite("Indices in a snapshot file")
struct SnapshotFileIndexTests {
    @Test("indices are read from index, pollutant, concentration and averaging; the value is recomputed; the metric follows")
    func read() throws {
        let file = try SnapshotFile(try JSONValue.parse(#"""
            {"station": {"name": "x"}, "time": "2026-03-01T12:00:00Z",
             "indices": [{"index": "uk-daqi", "pollutant": "pm10", "concentration": 76, "averaging": "24h-running"},
                         {"index": "cn-aqi"}]}
            """#))
        let readings = file.snapshot.indices
        #expect(readings.map(\.index) == [.ukDAQI, .cnAQI])
        #expect(readings.map(\.isChosen) == [true, false])
        #expect(readings[0].value?.value == 7)
        #expect(readings[0].value?.averaging == .twentyFourHourRunning)
        #expect(readings[1].value == nil)
        let family = try #require(StationMetrics.families(file.snapshot).first { $0.name == "breeze_local_index" })
        #expect(family.samples == [MetricSample(labels: [MetricLabel("index", "uk-daqi")], value: 7)])
    }

    @Test("a bad index names its key path")
    func bad() {
        #expect {
            _ = try SnapshotFile(try JSONValue.parse(#"{"station": {}, "time": "2026-03-01T12:00:00Z", "indices": [{"index": "eu"}]}"#))
        } throws: { error in
            "\(error)".contains("indices[0].index")
        }
    }
}
