#pragma once

#include <QString>
#include <QStringList>

namespace ades::eu {

class RuleLayer;

// Which rule layers apply to a document. Chosen from BT-24 (Specification identifier) the way a real
// validator chooses its scenario (reference en16931.md §7-§9), never from a file name:
//   BT-24 names XRechnung                          -> xrechnung (it carries the Peppol rules KoSIT adopted)
//   otherwise BT-24 names Peppol BIS Billing 3     -> peppol
//   otherwise a Factur-X/ZUGFeRD profile           -> facturx-<PROFILE>
// "urn:cen.eu:en16931:2017" alone is both a plain CEN invoice and the Factur-X EN16931 profile: it selects
// the Factur-X layer only inside a PDF container. A caller may also name layers explicitly.
class LayerSelection
{
public:
    // MINIMUM, BASIC WL, BASIC, EN16931, EXTENDED or XRECHNUNG for a Factur-X/ZUGFeRD BT-24, else empty.
    static QString profileOf(const QString &specificationId);
    // False for MINIMUM, BASIC WL and EXTENDED: not EN 16931 invoices (or an extension that legitimately
    // breaks core rules); their profile rule set applies instead of the CEN base layer.
    static bool en16931Applies(const QString &profile);
    // Layer names for a document with this BT-24; inPdf when it came out of a hybrid PDF.
    static QStringList automatic(const QString &specificationId, bool inPdf);
    // Every layer name ADES knows (for input validation and discovery).
    static QStringList known();
    // The implementation of a layer, or nullptr when ADES does not implement it (it is then named as not
    // checked, never passed).
    static const RuleLayer *find(const QString &name);
};

} // namespace ades::eu
