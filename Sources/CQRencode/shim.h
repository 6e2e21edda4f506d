// libqrencode (Debian's libqrencode-dev): the QR codes of the passport's check-in screen and
// poster. Swift calls QRcode_encodeString and reads the module matrix directly.
#include <qrencode.h>
