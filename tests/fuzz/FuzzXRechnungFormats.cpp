// Fuzz target: the XRechnung text formats (XRechnungFormats), which read business terms of outside
// invoices: the Skonto grammar of the payment terms (BR-DE-18), telephone (BR-DE-27), e-mail (BR-DE-28),
// external document URL (BR-TMP-2) and IBAN (BR-DE-19/20), and the code-list tests of the extension.
// Input: any bytes, read as UTF-8 and split at NUL into several payment-terms notes. Checked: never a
// crash, and the answers do not depend on the blanks around the whole value where the rules normalise it.

#include "ops/eu/einvoice/layers/xrechnung/XRechnungCodeLists.h"
#include "ops/eu/einvoice/layers/xrechnung/XRechnungFormats.h"

#include <QString>
#include <QStringList>
#include <cstdint>

using ades::eu::xrechnung::XRechnungCodeLists;
using ades::eu::xrechnung::XRechnungFormats;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const QStringList notes = text.split(QChar(u'\0'));
    XRechnungFormats::skontoTermsValid(notes);
    XRechnungFormats::telephoneHasThreeDigits(text);
    XRechnungFormats::plausibleEmail(text);
    XRechnungFormats::absoluteUrl(text);
    // The IBAN test removes all white space first: surrounding blanks never change its answer.
    if (XRechnungFormats::ibanValid(text) != XRechnungFormats::ibanValid(QString(u' ' + text + u'\n')))
        __builtin_trap();
    // Scheme identifiers are normalised first.
    if (XRechnungCodeLists::icdAccepts(text) != XRechnungCodeLists::icdAccepts(QString(u'\t' + text + u' ')))
        __builtin_trap();
    XRechnungCodeLists::easAccepts(text);
    XRechnungCodeLists::itemTypeAccepts(text);
    XRechnungCodeLists::extensionMimeAccepts(text);
    return 0;
}
