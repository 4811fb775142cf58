import FoundationEssentials
import JSON
import StationSnapshot
import Testing

/// The shared status every uploader keeps, and its `uploads.<service>` block and metrics.
@Suite("UploadStatus and the uploads block")
struct UploadStatusTests {
    let t0 = Date(timeIntervalSince1970: 1_777_000_000)

    @Test("a failure is counted and shown with the URL's secrets taken out; a success clears it")
    func failureThenSuccess() throws {
        var status = UploadStatus(service: "opensensemap")
        status.recordFailure(.failed, message: "cannot connect (https://user:pw@api.example/boxes?token=abc)", at: t0)
        #expect(status.count(.failed) == 1)
        let error = try #require(status.lastError)
        #expect(!error.contains("pw"))
        #expect(!error.contains("abc"))
        #expect(error.contains("api.example/boxes"))
        #expect(status.lastSuccess == nil)
        status.recordSuccess(at: t0.addingTimeInterval(60))
        #expect(status.lastError == nil)
        #expect(status.lastErrorTime == nil)
        #expect(status.count(.success) == 1)
        #expect(status.lastSuccess == t0.addingTimeInterval(60))
    }

    @Test("the block has every key, in order, with ages measured to the snapshot time")
    func block() throws {
        var status = UploadStatus(service: "sensor_community")
        status.recordSuccess(at: t0)
        status.recordFailure(.rejected, message: "HTTP 403", at: t0.addingTimeInterval(145))
        status.recordDropped(2)
        status.pending = 1
        let document = UploadsDocument.render([status], now: t0.addingTimeInterval(150))
        guard case .object(let services) = document else {
            Issue.record("not an object")
            return
        }
        #expect(services.map(\.key) == ["sensor_community", "opensensemap"])
        let block = try #require(document["sensor_community"])
        guard case .object(let fields) = block else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.key) == [
            "enabled", "last_success", "last_success_age_s", "last_attempt", "last_error", "last_error_at", "pending",
            "attempts", "dropped",
        ])
        #expect(block["enabled"] == .bool(true))
        #expect(block["last_success"] == .string(ISO8601Time.format(t0)))
        #expect(block["last_success_age_s"] == .number(150))
        #expect(block["last_error"] == .string("HTTP 403"))
        #expect(block["pending"] == .number(1))
        #expect(block["attempts"] == .object([
            (key: "success", value: .number(1)), (key: "rejected", value: .number(1)), (key: "failed", value: .number(0)),
        ]))
        #expect(block["dropped"] == .number(2))
        let off = try #require(document["opensensemap"])
        #expect(off["enabled"] == .bool(false))
        #expect(off["last_success"] == JSONValue.null)
    }

    @Test("metrics: attempts by service and result, last success, pending, dropped; none when nothing uploads")
    func metrics() throws {
        #expect(UploadsDocument.metrics([]).isEmpty)
        var status = UploadStatus(service: "sensor_community")
        status.recordSuccess(at: t0)
        status.recordFailure(.failed, message: "timed out", at: t0)
        let families = UploadsDocument.metrics([status])
        let attempts = try #require(families.first { $0.name == "breeze_upload_attempts_total" })
        #expect(attempts.kind == .counter)
        let values = Dictionary(uniqueKeysWithValues: attempts.samples.map { sample in
            (sample.labels.map { "\($0.name)=\($0.value)" }.joined(separator: ","), sample.value)
        })
        #expect(values["service=sensor_community,result=success"] == 1)
        #expect(values["service=sensor_community,result=failed"] == 1)
        #expect(values["service=sensor_community,result=rejected"] == 0)
        let last = try #require(families.first { $0.name == "breeze_upload_last_success_timestamp_seconds" })
        #expect(last.samples.first?.value == t0.timeIntervalSince1970)
        #expect(families.contains { $0.name == "breeze_upload_pending" })
        #expect(families.contains { $0.name == "breeze_upload_dropped_total" })
    }
}
