#pragma once

#include <QString>
#include <QStringView>

namespace ades::eu::xrechnung {

// The code lists XRechnung 3.0.2 binds in place of (or on top of) the EN 16931 ones, read once per
// process from resources/einvoice/xrechnung/ (sources in the file headers): ISO 6523 ICD and CEF EAS
// with KoSIT's XR01-XR03 (extension), UNTDID 7143 with CVD (clean vehicles) and the extension's MIME
// codes, plus the two small value lists of the clean-vehicles rules.
class XRechnungCodeLists
{
public:
    // Scheme identifiers are tested the way the artefact tests them: white space normalised, no inner
    // blank, and listed. The artefact joins two blank-separated lists with a double blank, so an empty
    // (or all-blank) scheme identifier passes these three tests.
    static bool icdAccepts(QStringView schemeId); // BR-DEX-04, -05, -06, -08
    static bool easAccepts(QStringView schemeId); // BR-DEX-07
    static bool itemTypeAccepts(QStringView listId); // BR-TMP-CVD-01 (UNTDID 7143 + CVD)
    // BR-DEX-01: compared exactly as written.
    static bool extensionMimeAccepts(const QString &mimeCode);
    // BR-DE-CVD-04: the vehicle categories M1, M2, M3, N1, N2, N3 of Directive (EU) 2019/1161.
    static bool vehicleCategory(const QString &normalised);
    // BR-DE-CVD-05: the clean-vehicle attribute values clean, zero-emission and other.
    static bool cleanVehicleValue(const QString &normalised);
};

} // namespace ades::eu::xrechnung
