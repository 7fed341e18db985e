#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width of the terminal on stdout, or 80 when stdout is not a terminal (as
/// swift-argument-parser does), so piped help is stable.
func terminalWidth() -> Int {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    var size = winsize()
    #if canImport(Darwin)
      let result = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)
    #else
      let result = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
    #endif
    guard result == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  #else
    return 80
  #endif
}
