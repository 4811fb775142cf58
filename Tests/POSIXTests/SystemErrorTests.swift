import Testing

@testable import POSIX

#if canImport(Glibc)
    import Glibc
#endif

@Suite("System errors")
struct SystemErrorTests {
    @Test func anErrorSaysTheCallTheMeaningAndTheNumber() {
        let error = SystemError(call: "open(/dev/x)", code: ENOENT)
        #expect(error.description == "open(/dev/x): No such file or directory (errno 2)")
        #expect(error.name == "ENOENT")
        #expect(error.reason == "ENOENT (no such file or directory)")
        #expect(error.summary == "open(/dev/x): ENOENT (no such file or directory)")
        #expect(SystemError(call: "x", code: 4095).name == "errno 4095")
    }

    @Test func permissionErrorsAreRecognised() {
        #expect(SystemError(call: "open", code: EACCES).isPermissionDenied)
        #expect(SystemError(call: "open", code: EPERM).isPermissionDenied)
        #expect(!SystemError(call: "open", code: ENOENT).isPermissionDenied)
    }

    @Test func theCurrentErrnoIsRead() {
        errno = EBUSY
        #expect(SystemError.current("gpiod_chip_open") == SystemError(call: "gpiod_chip_open", code: EBUSY))
    }

    @Test func aFailedCallOfTheKernelNamesItself() {
        let error = #expect(throws: SystemError.self) {
            _ = try FileDescriptor(opening: "/nonexistent/breeze", O_RDONLY)
        }
        #expect(error == SystemError(call: "open(/nonexistent/breeze)", code: ENOENT))
    }
}
