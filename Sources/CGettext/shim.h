// gettext is part of glibc (no library to link), but Swift's Glibc module leaves out
// <libintl.h>.
#include <libintl.h>
#include <locale.h>
