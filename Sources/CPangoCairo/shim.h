// Pango and Cairo for drawing printed pages (bulletins): PDF files from the command line, and
// the pages GtkPrintOperation hands the window. Only what Swift cannot call directly is here.
#include <pango/pangocairo.h>
#include <cairo/cairo-pdf.h>
#include <langinfo.h>
#include <locale.h>
#include <stdint.h>

// The paper size of the person's locale (LC_PAPER), in millimetres: A4 in most of the world,
// Letter in the Americas. glibc answers through nl_langinfo with the number in the pointer.
static inline void steward_locale_paper_mm(int *width, int *height) {
    setlocale(LC_PAPER, "");
    *width = (int)(intptr_t)nl_langinfo(_NL_PAPER_WIDTH);
    *height = (int)(intptr_t)nl_langinfo(_NL_PAPER_HEIGHT);
}
