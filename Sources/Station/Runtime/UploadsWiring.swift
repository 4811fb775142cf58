import Clocks
import Diagnostics
import HTTPClient
import Lifecycle
import Uploads

/// The community uploaders of the configuration as services, on an HTTP client of their own (a hung upload
/// never delays an Open-Meteo refresh). Each reports its ``Uploads/UploadStatus`` to the pipeline, which
/// shows it under `uploads` in `/api/v1/current` and as `breeze_upload_*` in `/metrics`.
struct UploadsWiring {
    let configuration: StationConfiguration
    let environment: StationEnvironment
    let pipeline: StationPipeline
    let publisher: StationPublisher
    let snapshots: SnapshotBroadcast
    let logger: Logger

    /// Timeouts of one upload: a push is small; an answer that takes longer is as good as none.
    static let httpOptions = HTTPClientOptions(connectTimeout: .seconds(10), timeout: .seconds(20))

    /// The services, and the libcurl client to shut down at the end (nil when none was made).
    func services() -> (services: [any Service], client: CurlHTTPClient?) {
        guard let sensorCommunity = configuration.sensorCommunity else { return ([], nil) }
        var curl: CurlHTTPClient?
        let transport: any HTTPTransport
        if let given = environment.uploadTransport {
            transport = given
        } else {
            do {
                let client = try CurlHTTPClient(options: Self.httpOptions)
                curl = client
                transport = client
            } catch {
                logger.error("uploads are off: cannot start the HTTP client: \(error)")
                return ([], nil)
            }
        }
        let pipeline = self.pipeline
        let publisher = self.publisher
        // Shown as enabled from the first snapshot on, before the service has run.
        pipeline.update { $0.uploads[SensorCommunityUploader.service] = UploadStatus(service: SensorCommunityUploader.service) }
        let snapshots = self.snapshots
        let uploader = SensorCommunityUploader(
            configuration: sensorCommunity, transport: transport, clock: environment.clock,
            logger: logger.child(SensorCommunityUploader.service), subscribe: { snapshots.subscribe() },
            onStatus: { status in
                pipeline.update { $0.uploads[status.service] = status }
                publisher.refresh()
            })
        return ([uploader], curl)
    }
}
