#include <locale.h>

#include "CTestLocale.h"

// The test process takes its locale from the environment, as steward and stewardctl do when
// they start (Translation.start), so that code run in the process writes and reads numbers as
// it would for that person: under `make test-spanish` (LC_ALL=es_ES.UTF-8) C's printf writes
// decimal commas here too. Done before main, while there is one thread: setlocale is not safe
// once others run. Without LANG or LC_ALL the locale stays "C", as before.
//
// The words stay English, and so do the names of days and months: the tests compare them as
// text (the catalogues have tests of their own, TranslationTests, and Spanish dates
// DatePatternTextTests, with the names given).
__attribute__((constructor)) static void steward_tests_adopt_locale(void) {
    setlocale(LC_ALL, "");
    setlocale(LC_MESSAGES, "C.UTF-8");
    setlocale(LC_TIME, "C.UTF-8");
}
