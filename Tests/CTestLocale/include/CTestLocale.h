#ifndef C_TEST_LOCALE_H
#define C_TEST_LOCALE_H

// Nothing to call: adopt_locale.c sets the test process's locale before main.

#endif
