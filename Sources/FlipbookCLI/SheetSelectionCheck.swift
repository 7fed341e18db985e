import FlipbookFrames
import FlipbookJSON
import FlipbookPreview
import FlipbookTiming

// MARK: - SheetSelectionCheck

/// What `preview --times` and `--progress` ask of the frames, checked once the folder is loaded.
///
/// The contact sheet itself would quietly pick the nearest frame (the last one for a time past the
/// end, frames by time for a progress no frame records), which shows a sheet that looks right and is
/// not what was asked. These are mistakes in the command line, so they are reported as usage errors
/// (exit 64) although only the folder can tell.
enum SheetSelectionCheck {
  /// Every time must fall within the frames: from the first frame's time to when the last one stops
  /// showing (its time plus one frame), compared exactly.
  static func checkTimes(_ times: [Double], in sequence: FrameSequence) throws(ActionFailure) {
    guard let first = sequence.frames.first else { return }
    let end = sequence.end.seconds
    for time in times where Rational(decimal: time).map({ $0 < first.exactTime || $0 > sequence.end }) ?? true {
      throw ActionFailure(
        "--times \(NumberLimits.describe(time)) is outside the frames, which run from \(JSONValue.format(first.time)) "
          + "to \(JSONValue.format(end)) s",
        isUsage: true)
    }
  }

  /// `--progress` picks frames by the manifest's `refreshProgress`, which only a gesture script with a
  /// refresh component records.
  static func checkProgressIsRecorded(in sequence: FrameSequence) throws(ActionFailure) {
    let recorded = sequence.frames.contains { $0.state?.refresh != nil }
    guard !recorded else { return }
    throw ActionFailure(
      "--progress needs refreshProgress in \(FrameFolder.manifestPath(in: sequence.folder)), which has none (the scene has no "
        + "refresh component); use --times or --every",
      isUsage: true)
  }

  /// `--tracks` draws the manifest's `refreshState` and `contentOffset`, which only a gesture script's
  /// frames record; checked before any preview is written.
  static func checkTracksAreRecorded(in sequence: FrameSequence) throws(ActionFailure) {
    do {
      _ = try MotionTracks(sequence: sequence, keys: [.state, .offset])
    } catch {
      throw ActionFailure(
        "--tracks needs a gesture script's frames: \(FrameFolder.manifestPath(in: sequence.folder)): \(error.message)",
        isUsage: true)
    }
  }
}
