#pragma once

#include "VatCountryRules.h"

#include <QString>

namespace ades::eu {

// What the format and checksum rules say about one VAT ID. A valid format says nothing about
// registration: only VIES does.
struct VatIdAnalysis
{
    QString input; // as given
    // Compact form with the VIES prefix ("DE136695976", "EL094259216"). When invalid: what was checked
    // (separators removed), or the upper-cased input stripped of separators when no country was found.
    QString normalized;
    QString country; // ISO 3166 code ("GR" for EL, "XI" for Northern Ireland); empty when unknown
    QString countryName; // "Greece"
    QString prefix; // prefix of `normalized` ("EL", "GB", "CH")
    QString viesPrefix; // `prefix` for the 28 VIES prefixes, else empty
    QString number; // `normalized` without `prefix`: the vatNumber VIES is asked about
    bool formatValid = false;
    VatIdError error = VatIdError::None;
    QString message; // English: why the format is invalid, or a note on a valid number; may be empty
    bool isViesMember = false;
    bool viesCheckable = false; // a VIES member's number that VIES can answer for (not an RO CNP)
    QString suggestedVatId; // corrected form when the input was fixable, else empty

    // "format", "length", "checksum", "component", "country" or empty.
    QString errorClass() const;
};

// Normalises and checks VAT IDs of the 27 member states, XI, GB, CH, NO and the EU/IM OSS schemes.
// Pure and synchronous; no network, no JSON. Safe to use from any thread.
class VatIdValidator
{
public:
    // countryHint (two letters, GR/EL alike) is used only when the input carries no country prefix.
    VatIdAnalysis analyse(const QString &input, const QString &countryHint = {}) const;

    static QString errorClassName(VatIdError error);
};

} // namespace ades::eu
