// `make bench`: the station daemon's numbers (steady RSS with everything on, CPU at 1 Hz sampling, time from
// exec to the first HTTP 200), measured on a real `breeze-station run` process. Printed, never asserted.
import Foundation

exit(await StationBench.main(arguments: Array(CommandLine.arguments.dropFirst())))
