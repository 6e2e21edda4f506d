// libshumate 1.0 (Debian's libshumate-dev): the Community page's map of pins. Only CShumateKit
// includes it: its headers bring GTK's again, which Swift already sees through CGtk, so Swift
// talks to the map through CShumateKit's few plain functions instead.
#include <shumate/shumate.h>
