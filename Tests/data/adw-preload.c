/* Loaded with LD_PRELOAD into gtk4-builder-tool by validate-ui.sh, so that
 * `gtk4-builder-tool validate` knows libadwaita's types (AdwApplicationWindow,
 * AdwHeaderBar, ...). adw_init() initializes GTK and registers every public
 * Adw type; gtk_init() in the tool's main() is then a no-op.
 * LD_PRELOAD is dropped at once so that helpers GTK spawns do not load it. */
#include <stdlib.h>
#include <adwaita.h>

__attribute__((constructor)) static void
steward_adw_preload (void)
{
  unsetenv ("LD_PRELOAD");
  adw_init ();
}
