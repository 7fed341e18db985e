// Zip archives read from bytes, with limits, for dotLottie files.
import CZip
