// libzip (Debian's libzip-dev), for reading dotLottie archives.
#include <zip.h>
