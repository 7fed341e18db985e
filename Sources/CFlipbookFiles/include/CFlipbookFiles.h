// Everything CFlipbookFiles declares: the Linux and glibc calls FlipbookSupport makes that Swift cannot
// make itself. An umbrella header rather than the folder, so that a header added here changes the module's
// map and every build rebuilds the module instead of reusing a cached one without it.
#include "fb_memory.h"
#include "fb_rename.h"
