#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
