// libjpeg-turbo's TurboJPEG API (Debian's libturbojpeg0-dev): a whole JPEG decoded in one call whose errors are
// return codes, so Swift calls it directly (libjpeg's own API reports errors by longjmp, which must not cross Swift).
#include <turbojpeg.h>
