// `import UIKit` brings Foundation with it (CGFloat, CGRect, NSCoder, NSNull…), so a view written for iOS names
// them without importing it; `import FlipbookUIKit` does the same.
@_exported import Foundation
